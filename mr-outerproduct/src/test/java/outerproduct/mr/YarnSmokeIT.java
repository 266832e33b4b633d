package outerproduct.mr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.admin.NewTableConfiguration;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.accumulo.hadoop.mapreduce.AccumuloInputFormat;
import org.apache.accumulo.hadoop.mapreduce.AccumuloOutputFormat;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobCounter;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import outerproduct.embedded.EmbeddedAccumulo;
import outerproduct.embedded.EmbeddedYarn;
import outerproduct.embedded.SharedClusters;
import outerproduct.kernel.semiring.PlusTimesLong;

/**
 * A MapReduce job reading through AccumuloInputFormat and writing through AccumuloOutputFormat runs
 * its map tasks in YARN container JVMs, and the kernel's ⊕ runs in its reducer.
 */
@ExtendWith(SharedClusters.class)
class YarnSmokeIT {
  private static final Logger log = LoggerFactory.getLogger(YarnSmokeIT.class);
  private static final String TASK_ROW_PREFIX = "map-task ";

  /** Emits each value under one key, plus one record naming the container it ran in. */
  public static class SumMapper extends Mapper<Key, Value, Text, Text> {
    @Override
    protected void map(Key key, Value value, Context context)
        throws IOException, InterruptedException {
      context.write(new Text("sum"), new Text(value.get()));
    }

    @Override
    protected void cleanup(Context context) throws IOException, InterruptedException {
      context.write(
          new Text(TASK_ROW_PREFIX + System.getenv("CONTAINER_ID")),
          new Text(Long.toString(ProcessHandle.current().pid())));
    }
  }

  /** ⊕ through the kernel for the sum; the task record passes through. */
  public static class SumReducer extends Reducer<Text, Text, Text, Mutation> {
    private final PlusTimesLong semiring = new PlusTimesLong();

    @Override
    protected void reduce(Text key, Iterable<Text> values, Context context)
        throws IOException, InterruptedException {
      Mutation m = new Mutation(key);
      if (key.toString().startsWith(TASK_ROW_PREFIX)) {
        for (Text pid : values) {
          m.put("", "pid", pid.toString());
        }
      } else {
        long sum = semiring.zero();
        for (Text v : values) {
          sum = semiring.plus(sum, semiring.decode(v.copyBytes()));
        }
        m.put("", "value", new Value(semiring.encode(sum)));
      }
      context.write(null, m);
    }
  }

  @Test
  void mapTasksRunInContainers(EmbeddedAccumulo accumulo, EmbeddedYarn yarn) throws Exception {
    String in = "smoke_mr_in";
    String out = "smoke_mr_out";
    long expectedSum = 0;
    try (AccumuloClient client = accumulo.newClient()) {
      SortedSet<Text> splits = new TreeSet<>(List.of(new Text("r5")));
      client.tableOperations().create(in, new NewTableConfiguration().withSplits(splits));
      client.tableOperations().create(out);
      try (BatchWriter writer = client.createBatchWriter(in)) {
        for (int i = 0; i < 100; i++) {
          Mutation m = new Mutation("r" + i);
          m.put("", "c", Integer.toString(i));
          writer.addMutation(m);
          expectedSum += i;
        }
      }
    }

    Job job = Job.getInstance(yarn.configuration(), "yarn-smoke");
    job.setJarByClass(YarnSmokeIT.class);
    job.setInputFormatClass(AccumuloInputFormat.class);
    AccumuloInputFormat.configure()
        .clientProperties(accumulo.clientProperties())
        .table(in)
        .auths(Authorizations.EMPTY)
        .store(job);
    job.setMapperClass(SumMapper.class);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(Text.class);
    job.setReducerClass(SumReducer.class);
    job.setNumReduceTasks(1);
    job.setOutputFormatClass(AccumuloOutputFormat.class);
    AccumuloOutputFormat.configure()
        .clientProperties(accumulo.clientProperties())
        .defaultTable(out)
        .store(job);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Mutation.class);

    assertTrue(job.waitForCompletion(true), "job " + job.getJobID() + " failed");
    assertEquals(
        0,
        job.getCounters().findCounter(JobCounter.TOTAL_LAUNCHED_UBERTASKS).getValue(),
        "no uber tasks: maps ran in their own containers");
    long maps = job.getCounters().findCounter(JobCounter.TOTAL_LAUNCHED_MAPS).getValue();
    assertEquals(2, maps, "one map per tablet of " + in);

    List<String> taskRows = new ArrayList<>();
    try (AccumuloClient client = accumulo.newClient();
        Scanner scanner = client.createScanner(out, Authorizations.EMPTY)) {
      String sum = null;
      for (Map.Entry<Key, Value> e : scanner) {
        String row = e.getKey().getRow().toString();
        if (row.equals("sum")) {
          sum = e.getValue().toString();
        } else {
          taskRows.add(row + " pid " + e.getValue());
          String container = row.substring(TASK_ROW_PREFIX.length());
          assertTrue(
              container.startsWith("container_"), "CONTAINER_ID of a YARN container: " + row);
          assertNotEquals(Long.toString(ProcessHandle.current().pid()), e.getValue().toString());
        }
      }
      assertEquals(Long.toString(expectedSum), sum);
    }
    log.info("map tasks ran in: {}; this JVM is {}", taskRows, ProcessHandle.current().pid());
    assertEquals(2, taskRows.size());
    assertFalse(taskRows.get(0).equals(taskRows.get(1)));
  }
}
