package outerproduct.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

class GoalsTest {
  @Test
  void aGoalIsMetOnlyWhenItsWholeIntervalIsOnItsSide() {
    Goals.Goal atLeast = Goals.get("bulk-vs-iterator");
    assertEquals(2.0, atLeast.value());
    assertEquals(Goals.Judgement.MET, atLeast.judge(new Interval(2.5, 2.1, 2.9, 5, true)));
    assertEquals(Goals.Judgement.WITHIN_NOISE, atLeast.judge(new Interval(2.5, 1.9, 2.9, 5, true)));
    assertEquals(Goals.Judgement.NOT_MET, atLeast.judge(new Interval(1.5, 1.2, 1.9, 5, true)));
    Goals.Goal atMost = Goals.get("auto-vs-fastest");
    assertEquals(Goals.Judgement.MET, atMost.judge(new Interval(1.0, 0.9, 1.1, 5, true)));
    assertEquals(Goals.Judgement.WITHIN_NOISE, atMost.judge(new Interval(1.0, 0.9, 1.2, 5, true)));
    assertEquals(Goals.Judgement.NOT_MET, atMost.judge(new Interval(1.5, 1.2, 1.9, 5, true)));
  }

  @Test
  void everyGoalHasOneBoundAndAnUnknownIdIsNamed() {
    Goals.all()
        .forEach(
            g ->
                assertEquals(
                    1, (g.atLeast() == null ? 0 : 1) + (g.atMost() == null ? 0 : 1), g.id()));
    NoSuchElementException e = assertThrows(NoSuchElementException.class, () -> Goals.get("nope"));
    assertEquals("goals.json has no goal 'nope'", e.getMessage());
  }
}
