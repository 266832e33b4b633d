package outerproduct.mr;

import java.io.IOException;
import org.apache.accumulo.core.data.Mutation;
import org.apache.hadoop.io.Text;
import outerproduct.mr.io.Stripe;
import outerproduct.mr.task.StripeReducer;

/**
 * The job's reducer, except that attempt 0 of reducer 0 fails once it has reduced {@link
 * #FAIL_AFTER_ROWS} C rows (all but the last already handed to the writer), after recording that in
 * {@link #MARKER_TABLE}. Hadoop closes the failed attempt's record writer, which flushes what it
 * was given into C.
 */
public class FailingOnceReducer extends StripeReducer {
  static final String MARKER_TABLE = "failed_attempts";
  static final long FAIL_AFTER_ROWS = 50;
  private long rowsStarted;

  @Override
  protected void reduce(Text row, Iterable<Stripe> stripes, Context context)
      throws IOException, InterruptedException {
    rowsStarted++;
    var attempt = context.getTaskAttemptID();
    if (rowsStarted == FAIL_AFTER_ROWS + 1
        && attempt.getTaskID().getId() == 0
        && attempt.getId() == 0) {
      Mutation marker = new Mutation(attempt.toString());
      marker.put("", "rows", Long.toString(FAIL_AFTER_ROWS));
      context.write(new Text(MARKER_TABLE), marker);
      throw new IOException(
          "injected failure of " + attempt + " after " + FAIL_AFTER_ROWS + " C rows");
    }
    super.reduce(row, stripes, context);
  }
}
