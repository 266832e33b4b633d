package outerproduct.iterator;

import java.util.Map;

/**
 * What a {@link TableMult} did: totals over every tablet of B. {@code seconds} runs from the call
 * to C complete; {@code phases} splits it on the client's clock, in order: connect, credentials
 * (the caller's {@link CredentialFile} written), prepare_results (C checked or created and taken
 * for this multiply), executor_check, hosting_before (where B's and C's tablets are, once C's are
 * hosted), check_inputs (what is left of AT's and B's checks and of writing the caller's {@link
 * CredentialFile}, which run beside the three before), scan (the multiply inside the tablet
 * servers), hosting_after (the same, to find a moved tablet), check_sums (only when ⊕ could have
 * failed in C's combiner), mark_complete; with bulk output: connect, prepare_results,
 * executor_check, check_inputs, scan (every round), bulk_import, check_sums (likewise),
 * mark_complete. {@code tabletSeconds} and {@code flushSeconds} are the tablet servers' clocks
 * summed over tablets, {@code traffic} the bytes their writers produced ({@link Progress}).
 */
public record TableMultResult(
    long rowsAligned,
    long partialProducts,
    long entriesWritten,
    long resumes,
    long monitoringEntries,
    double seconds,
    Map<String, Double> phases,
    double tabletSeconds,
    double flushSeconds,
    Progress.Traffic traffic) {
  public double partialProductsPerSecond() {
    return partialProducts / seconds;
  }
}
