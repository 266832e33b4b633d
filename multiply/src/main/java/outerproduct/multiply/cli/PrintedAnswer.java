package outerproduct.multiply.cli;

import java.io.PrintWriter;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import org.apache.accumulo.core.client.AccumuloClient;
import outerproduct.kernel.answer.Answer;
import outerproduct.kernel.answer.Cell;
import outerproduct.kernel.cli.CancelOnInterrupt;
import outerproduct.kernel.cli.OptionValues;
import outerproduct.kernel.d4m.ColumnFilter;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.multiply.Multiply;
import outerproduct.multiply.MultiplyAnswer;
import outerproduct.multiply.PathChoice;
import outerproduct.multiply.TwoHop;

/**
 * {@code scripts/multiply --print}: the request answered to the caller ({@link MultiplyAnswer}),
 * C's cells on standard output as tab-separated lines, everything else on standard error, so that
 * the output can be piped as it is. Ctrl-C while the answer is being formed cancels it ({@link
 * CancelOnInterrupt}): the tablet servers' calls stop and nothing is printed.
 */
final class PrintedAnswer {
  private PrintedAnswer() {}

  static int print(MultiplyCommand command) throws Exception {
    PrintWriter out = command.spec.commandLine().getOut();
    PrintWriter err = command.spec.commandLine().getErr();
    long begin = System.nanoTime();
    MultiplyAnswer request =
        MultiplyAnswer.on(command.cluster.file())
            .transposeOf(command.at)
            .times(command.b)
            .path(command.path);
    command.request.applyTo(request).calibration(command.calibrationLines());
    if (command.maxCells != null) {
      request.maxCells(maxCells(command));
    }
    if (command.scanThreads != null) {
      OptionValues.atLeastOne("--scan-threads", command.scanThreads);
      request.iterator(answer -> answer.scanThreads(command.scanThreads));
    }
    try (AccumuloClient client = command.cluster.connect()) {
      Multiply.Decision decision =
          request
              .client(client)
              .decide(
                  client,
                  command.explain
                      ? PathChoice.Checking.EVERY_PATH
                      : PathChoice.Checking.UNTIL_CHOSEN);
      err.println("estimate: " + decision.estimate().describe());
      decision.explain().forEach(line -> err.println("  " + line));
      err.println("path: " + decision.choice().why());
      err.flush();
      if (command.explain) {
        return 0;
      }
      MultiplyAnswer.Result r;
      try (CancelOnInterrupt interrupt = CancelOnInterrupt.install()) {
        r = request.cancellation(interrupt.cancellation()).run(decision);
      }
      long cells = printCells(r.answer(), out);
      out.flush();
      err.printf(
          Locale.ROOT,
          "%s: partial products %d, cells %d, %.2f s from the call to the answer printed%n",
          decision.path(),
          r.answer().partialProducts(),
          cells,
          (System.nanoTime() - begin) / 1e9);
    }
    return 0;
  }

  static int printTwoHop(MultiplyCommand command) throws Exception {
    PrintWriter out = command.spec.commandLine().getOut();
    PrintWriter err = command.spec.commandLine().getErr();
    long begin = System.nanoTime();
    List<String> vertices = ColumnFilter.parse(command.twoHop).columns();
    try (AccumuloClient client = command.cluster.connect()) {
      command.request.requireOnlyReadOptions("--two-hop");
      TwoHop request =
          TwoHop.on(command.cluster.file(), command.b)
              .client(client)
              .from(vertices)
              .semiring(command.request.semiringName());
      if (command.request.authorizations() != null) {
        request.authorizations(command.request.authorizations());
      }
      if (command.maxCells != null) {
        request.maxCells(maxCells(command));
      }
      TwoHop.Result r;
      try (CancelOnInterrupt interrupt = CancelOnInterrupt.install()) {
        r = request.cancellation(interrupt.cancellation()).run();
      }
      long cells = printCells(r.answer(), out);
      out.flush();
      err.printf(
          Locale.ROOT,
          "two-hop of %d vertices in %s, second hop formed in the %s: entries read %d (first hop"
              + " %d, second %d), partial products %d, cells %d, %.2f s from the call to the answer"
              + " printed%n",
          vertices.size(),
          command.b,
          r.formedIn().toString().toLowerCase(Locale.ROOT).replace('_', ' '),
          r.entriesRead(),
          r.firstHopEntries(),
          r.secondHopEntries(),
          r.answer().partialProducts(),
          cells,
          (System.nanoTime() - begin) / 1e9);
    }
    return 0;
  }

  private static long maxCells(MultiplyCommand command) {
    if (command.maxCells < 1) {
      throw new IllegalArgumentException("--max-cells must be at least 1, got " + command.maxCells);
    }
    return command.maxCells;
  }

  private static long printCells(Answer answer, PrintWriter out) {
    Semiring<?> semiring = answer.semiring();
    long cells = 0;
    for (Iterator<Cell> it = answer.cells(); it.hasNext(); cells++) {
      Cell cell = it.next();
      out.println(cell.toTsv(String.valueOf(semiring.decode(cell.value()))));
    }
    return cells;
  }
}
