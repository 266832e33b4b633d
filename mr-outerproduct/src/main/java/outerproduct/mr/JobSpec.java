package outerproduct.mr;

import java.util.List;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.security.Authorizations;
import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.d4m.RowRanges;
import outerproduct.kernel.product.Output;

/**
 * Everything the job's configuration is made from, as the builder collected it. {@code
 * inputRanges}: B's rows cut into one range per map task, or null for one map per tablet of B;
 * {@code auths}: what the maps read AT and B with.
 */
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
    String fileCompression,
    List<Range> inputRanges,
    Authorizations auths) {}
