package outerproduct.compare.report;

import static outerproduct.compare.report.Cells.fmt;
import static outerproduct.compare.report.Cells.row;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.ToDoubleFunction;

/**
 * Each engine's whole-table rate projected to clusters of {@link #NODES} nodes from what one run
 * measured per partial product (docs/cost-model.md): the machine's busy processor time and the
 * bytes the engine's own counters report. A node of the projected cluster has this machine's
 * {@value #CORES} cores, {@value #NETWORK_BYTES_PER_S} bytes/s of network (10 Gb/s Ethernet) and
 * {@value #DISK_BYTES_PER_S} bytes/s of disk, and the distributed file system keeps {@value
 * #REPLICATION} copies.
 *
 * <p>Per partial product, on N nodes: processor time spread over N × {@value #CORES} cores; bytes
 * that go from where products are formed to where C's rows live (BatchWriter Mutations, the
 * shuffle) cross the network (N−1)/N of the time; bytes written to the distributed file system
 * (files, and the write-ahead log, which is not measured and is taken as the Mutations' bytes) are
 * written {@value #REPLICATION} times, {@value #REPLICATION} − 1 of them over the network; local
 * spills and merges stay on the node's disk. The slowest of processor, network and disk bounds each
 * node. The projection scales the rate measured here by the model's rate at N nodes over its rate
 * at one: linear while the processor binds, less where the network or a disk binds first. It knows
 * nothing of skew (one hot C row on one tablet server or reducer), of fixed costs, or of
 * coordination; it says what the bytes and cycles per product allow.
 */
final class CostModel {
  static final int CORES = 2;
  static final double NETWORK_BYTES_PER_S = 1.25e9;
  static final double DISK_BYTES_PER_S = 2.0e8;
  static final int REPLICATION = 3;
  static final int[] NODES = {1, 4, 16};

  private CostModel() {}

  /** What a partial product cost an engine, medians over one group of runs. */
  record Work(double cpuSeconds, double spreadBytes, double replicatedBytes, double localBytes) {

    /** The model's rate on {@code nodes} nodes, partial products per second. */
    double modelRate(int nodes) {
      return nodes / Math.max(Math.max(cpuTime(), networkTime(nodes)), diskTime());
    }

    /**
     * The rate measured on this machine scaled to {@code nodes} nodes by the model: linear while
     * the processor binds, less where the network or a disk binds first.
     */
    double projected(double measured, int nodes) {
      return measured * modelRate(nodes) / modelRate(1);
    }

    /** What binds each node on {@code nodes} nodes. */
    String bound(int nodes) {
      double worst = Math.max(Math.max(cpuTime(), networkTime(nodes)), diskTime());
      return worst == cpuTime() ? "processor" : worst == diskTime() ? "disk" : "network";
    }

    /**
     * The resource that would bind next on {@code nodes} nodes, and how many times faster the one
     * binding now would have to get first: e.g. "disk at 3.3×" (nodes with 3.3 times the cores
     * would wait on their disks).
     */
    String next(int nodes) {
      double[] times = {cpuTime(), networkTime(nodes), diskTime()};
      String[] names = {"processor", "network", "disk"};
      int first = 0;
      for (int r = 1; r < times.length; r++) {
        if (times[r] > times[first]) {
          first = r;
        }
      }
      int second = first == 0 ? 1 : 0;
      for (int r = 0; r < times.length; r++) {
        if (r != first && times[r] > times[second]) {
          second = r;
        }
      }
      return times[second] == 0
          ? "-"
          : names[second] + " at " + fmt("%.1f", times[first] / times[second]) + "×";
    }

    /** Bytes a node sends over the network per partial product it forms, on {@code nodes}. */
    double networkBytes(int nodes) {
      return spreadBytes * (nodes - 1) / nodes + (REPLICATION - 1) * replicatedBytes;
    }

    private double cpuTime() {
      return cpuSeconds / CORES;
    }

    private double networkTime(int nodes) {
      return networkBytes(nodes) / NETWORK_BYTES_PER_S;
    }

    private double diskTime() {
      return (localBytes + REPLICATION * replicatedBytes) / DISK_BYTES_PER_S;
    }
  }

  /** The table's lines, empty when no whole-table record carries processor time and bytes. */
  static List<String> lines(List<JsonNode> records) {
    List<String> lines = new ArrayList<>();
    for (Map.Entry<String, List<JsonNode>> group : WorkTable.groups(records).entrySet()) {
      List<JsonNode> runs = group.getValue();
      if (runs.stream().noneMatch(CostModel::carriesWork)) {
        continue;
      }
      Work work = work(runs);
      double measured = median(runs, r -> r.path("rate_pp_per_s").asDouble());
      List<Object> cells = new ArrayList<>(List.of((Object[]) group.getKey().split("\t")));
      cells.add(fmt("%.2f", work.cpuSeconds() * 1e6));
      cells.add(fmt("%.1f", work.networkBytes(NODES[NODES.length - 1])));
      cells.add(fmt("%.1f", work.localBytes() + REPLICATION * work.replicatedBytes()));
      cells.add(fmt("%.2e", measured));
      for (int nodes : NODES) {
        cells.add(fmt("%.2e", work.projected(measured, nodes)) + " (" + work.bound(nodes) + ")");
      }
      cells.add(work.next(NODES[NODES.length - 1]));
      lines.add(row(cells.toArray()));
    }
    if (lines.isEmpty()) {
      return lines;
    }
    List<String> table = heading();
    table.addAll(lines);
    return table;
  }

  /**
   * One engine's whole-table rate at a SCALE of one run projected to {@code nodes} nodes; empty
   * when its records carry no processor time and bytes.
   */
  static OptionalDouble projectedRate(List<JsonNode> records, int scale, String engine, int nodes) {
    List<JsonNode> runs = WorkTable.groups(records).get(scale + "\t" + engine);
    if (runs == null || runs.stream().noneMatch(CostModel::carriesWork)) {
      return OptionalDouble.empty();
    }
    double measured = median(runs, r -> r.path("rate_pp_per_s").asDouble());
    return OptionalDouble.of(work(runs).projected(measured, nodes));
  }

  /** What a partial product cost in {@code runs}: medians over the runs that measured it. */
  private static Work work(List<JsonNode> runs) {
    return new Work(
        median(runs, r -> r.path("machine_cpu_s").asDouble() / products(r)),
        median(runs, r -> (info(r, "sent_bytes") + info(r, "shuffle_bytes")) / products(r)),
        median(
            runs,
            r ->
                (info(r, "sent_bytes") + info(r, "file_bytes") + info(r, "hdfs_bytes_written"))
                    / products(r)),
        median(
            runs,
            r -> (info(r, "local_bytes_written") + info(r, "local_bytes_read")) / products(r)));
  }

  private static List<String> heading() {
    int most = NODES[NODES.length - 1];
    StringBuilder heading =
        new StringBuilder(
            "| SCALE | engine | CPU µs | network bytes at "
                + most
                + " nodes | disk bytes | measured pp/s |");
    StringBuilder rule = new StringBuilder("|---|---|---|---|---|---|");
    for (int nodes : NODES) {
      heading.append(' ').append(nodes).append(nodes == 1 ? " node |" : " nodes |");
      rule.append("---|");
    }
    heading.append(" binds next at ").append(most).append(" nodes |");
    rule.append("---|");
    return new ArrayList<>(List.of(heading.toString(), rule.toString()));
  }

  private static boolean carriesWork(JsonNode r) {
    JsonNode info = r.path("engine_info");
    return r.path("machine_cpu_s").isNumber()
        && (info.path("sent_bytes").isNumber() || info.path("shuffle_bytes").isNumber());
  }

  private static double products(JsonNode r) {
    return r.path("partial_products").asDouble();
  }

  private static double info(JsonNode r, String field) {
    return r.path("engine_info").path(field).asDouble(0);
  }

  private static double median(List<JsonNode> runs, ToDoubleFunction<JsonNode> value) {
    double[] values =
        runs.stream()
            .filter(CostModel::carriesWork)
            .mapToDouble(value)
            .filter(v -> !Double.isNaN(v))
            .toArray();
    return Medians.of(values);
  }
}
