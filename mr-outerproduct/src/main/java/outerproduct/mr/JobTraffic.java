package outerproduct.mr;

/**
 * The bytes the job moved, from Hadoop's task counters: the map output as serialized ({@code
 * MAP_OUTPUT_BYTES}) and as written after any compression ({@code MAP_OUTPUT_MATERIALIZED_BYTES}),
 * what the reducers fetched ({@code REDUCE_SHUFFLE_BYTES}), the records spilled to disk on both
 * sides ({@code SPILLED_RECORDS}), and every task's reads and writes on the local file system
 * (spills, merges, and on a cluster without HDFS the RFiles too) and on HDFS ({@code
 * FileSystemCounter} per scheme). Scanning AT and B through Accumulo is not in them.
 */
public record JobTraffic(
    long mapOutputBytes,
    long mapOutputMaterializedBytes,
    long shuffleBytes,
    long spilledRecords,
    long localBytesWritten,
    long localBytesRead,
    long hdfsBytesWritten,
    long hdfsBytesRead) {}
