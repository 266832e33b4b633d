package outerproduct.compare;

import com.fasterxml.jackson.databind.node.ObjectNode;
import outerproduct.compare.engine.TargetCluster;
import outerproduct.compare.report.HostCpu;
import outerproduct.compare.report.HostMemory;
import outerproduct.compare.report.RunRecords;
import outerproduct.inputs.MatrixSource;

/**
 * The settings every record of a run repeats (docs/format.md), so that each line stands alone: the
 * options as resolved, the machine, the commit and the cluster's own settings.
 */
final class RunParameters {
  private RunParameters() {}

  static ObjectNode of(CompareCommand command, TargetCluster cluster, MatrixSource source) {
    SweepOptions sweep = command.sweep;
    EngineOptions engines = command.engineOptions;
    ClusterOptions where = command.clusterOptions;
    ObjectNode p =
        RunRecords.object()
            .put("preset", sweep.preset.label())
            .put("input", source.kind())
            .put("ef", 16)
            .put("seeds", source.seeds())
            .put("semiring", engines.semiringName)
            .put("tservers", where.embedded.tservers)
            .put("tserver_memory_mb", where.embedded.tserverMemoryMb)
            .put("tablets_AT", command.tablets)
            .put("tablets_B", command.tablets)
            .put("tablets_C", engines.tabletsCText)
            .put("load", command.load.label())
            .put("cued_block_size", command.cuedBlockSize)
            .put("repeats", sweep.repeats)
            .put("all_repeats", sweep.allRepeats)
            .put("warmup", sweep.warmup)
            .put("run_limit", sweep.runLimit().toString())
            .put("prepared_c", sweep.preparedC)
            .put("presum", engines.presumText)
            .put(
                "c_durability",
                engines.cDurability != null ? engines.cDurability : "default (sync)")
            .put("mr_reducers", engines.reducers)
            .put("mr_presum", engines.mrPresumText)
            .put("mr_uber", engines.mrUber.label())
            .put("mr_conf", engines.mrConf.toString())
            .put("yarn_memory_mb", where.embedded.yarnMemoryMb)
            .put("calibration", engines.calibration.source())
            .put("cluster", where.existing() ? "existing: " + where.clusterProperties : "embedded")
            .put("git_commit", command.gitCommit())
            .put("command", command.commandLine());
    ObjectNode host =
        p.putObject("host")
            .put("cores", Runtime.getRuntime().availableProcessors())
            .put("memory_gb", HostMemory.totalGb());
    HostCpu.describe().ifPresent(cpu -> host.put("cpu", cpu));
    p.put("tserver_in_memory_maps", cluster.inMemoryMaps());
    ObjectNode site = p.putObject("accumulo_settings");
    cluster.accumuloSettings().forEach(site::put);
    return p;
  }
}
