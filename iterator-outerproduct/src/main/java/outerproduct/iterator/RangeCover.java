package outerproduct.iterator;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;

/**
 * Which staged stretches of bulk output to import, and which rows of B none of them covers. A
 * stretch is normally imported once: each tablet's calls cover its range end to end. After a lost
 * tablet server, the scan resumes from the last monitoring entry the client received, so a stretch
 * committed just before the loss is computed again, and a stack still running on a server that lost
 * its tablet may commit one that overlaps. Of overlapping stretches one is kept ({@link
 * #disjoint}); rows left uncovered by the ones dropped are multiplied again ({@link #gaps}).
 */
final class RangeCover {
  private RangeCover() {}

  /** Indices of a set of pairwise disjoint ranges among {@code ranges}, in order of their start. */
  static List<Integer> disjoint(List<Range> ranges) {
    List<Integer> order = new ArrayList<>();
    for (int n = 0; n < ranges.size(); n++) {
      order.add(n);
    }
    order.sort(Comparator.comparing(ranges::get));
    List<Integer> kept = new ArrayList<>();
    Range last = null;
    for (int n : order) {
      Range candidate = ranges.get(n);
      // Kept ranges are disjoint and sorted, so a candidate can only overlap the last one.
      if (last == null || last.clip(candidate, true) == null) {
        kept.add(n);
        last = candidate;
      }
    }
    return kept;
  }

  /** The parts of {@code requested} that no range of {@code covered} contains. */
  static List<Range> gaps(List<Range> requested, List<Range> covered) {
    List<Range> merged = Range.mergeOverlapping(covered);
    List<Range> gaps = new ArrayList<>();
    for (Range want : Range.mergeOverlapping(requested)) {
      Key from = want.getStartKey();
      boolean fromInclusive = want.isStartKeyInclusive();
      boolean done = false;
      for (Range have : merged) {
        if (done || want.clip(have, true) == null) {
          continue;
        }
        if (have.getStartKey() != null) {
          addIfNotEmpty(gaps, from, fromInclusive, have.getStartKey(), !have.isStartKeyInclusive());
        }
        if (have.getEndKey() == null) {
          done = true;
        } else {
          from = have.getEndKey();
          fromInclusive = !have.isEndKeyInclusive();
        }
      }
      if (!done) {
        addIfNotEmpty(gaps, from, fromInclusive, want.getEndKey(), want.isEndKeyInclusive());
      }
    }
    return gaps;
  }

  /** Adds the range between the two keys (null: unbounded that way) unless it holds no key. */
  private static void addIfNotEmpty(
      List<Range> gaps, Key start, boolean startInclusive, Key end, boolean endInclusive) {
    if (start != null && end != null) {
      int order = start.compareTo(end);
      if (order > 0 || (order == 0 && !(startInclusive && endInclusive))) {
        return;
      }
    }
    gaps.add(new Range(start, startInclusive, end, endInclusive));
  }
}
