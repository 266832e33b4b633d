package outerproduct.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.EmbeddedYarn;
import outerproduct.embedded.SharedClusters;

/**
 * {@code --run-limit} on real clusters: a whole-table MapReduce multiply still running at its limit
 * is cancelled (its job no longer running on YARN), recorded as failed with the limit named, its C
 * deleted, and the command exits 1. A MapReduce job's start alone (an ApplicationMaster and task
 * containers) takes longer than the one second asked for here.
 */
@ExtendWith(SharedClusters.class)
class RunLimitIT {
  @TempDir Path tmp;

  @Test
  void aRunPastItsLimitIsCancelledAndRecordedFailed(EmbeddedAccumulo accumulo, EmbeddedYarn yarn)
      throws Exception {
    List<String> clusters = SharedClusterArguments.of(accumulo, yarn, tmp);
    Path reports = tmp.resolve("reports");
    StringWriter err = new StringWriter();
    int exit =
        CompareCommand.run(
            new PrintWriter(err, true),
            SharedClusterArguments.with(
                clusters,
                "--reports",
                reports.toString(),
                "--scales",
                "10",
                "--workloads",
                "whole",
                "--engines",
                "mr-bulk",
                "--repeats",
                "1",
                "--warmup",
                "0",
                "--run-limit",
                "1s"));
    assertEquals(1, exit, "a run ended by its limit fails the command: " + err);

    Path run;
    try (Stream<Path> dirs = Files.list(reports)) {
      run = dirs.findFirst().orElseThrow();
    }
    List<String> lines = Files.readAllLines(run.resolve("runs.jsonl"));
    assertEquals(1, lines.size(), lines.toString());
    JsonNode record = new ObjectMapper().readTree(lines.get(0));
    assertEquals("1s", record.path("run_limit").asText(), record.toString());
    assertTrue(
        record.path("error").asText().startsWith("stopped at the run limit of 1s (--run-limit): "),
        record.toString());
    assertFalse(record.has("checksum_C"), "a run that was stopped has no C: " + record);

    try (AccumuloClient client = accumulo.newClient()) {
      assertFalse(
          client.tableOperations().list().stream().anyMatch(t -> t.startsWith("cmp")),
          "the run's C and inputs are deleted from the cluster");
    }
    try (YarnClient yarnClient = YarnClient.createYarnClient()) {
      yarnClient.init(yarn.configuration());
      yarnClient.start();
      for (ApplicationReport app : yarnClient.getApplications()) {
        assertFalse(
            List.of(YarnApplicationState.RUNNING, YarnApplicationState.ACCEPTED)
                .contains(app.getYarnApplicationState()),
            "no job of the stopped run still runs: " + app.getName());
      }
    }
  }
}
