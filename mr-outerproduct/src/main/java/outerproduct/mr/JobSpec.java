package outerproduct.mr;

import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.product.Output;

/** Everything the job's configuration is made from, as the builder collected it. */
record JobSpec(
    String at,
    String b,
    String c,
    String semiring,
    RowRanges rows,
    ColumnFilter atColumns,
    ColumnFilter bColumns,
    boolean removeZeros,
    long presum,
    int reducers,
    Output output,
    boolean uber,
    boolean tuned,
    String fileCompression) {}
