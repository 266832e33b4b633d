package outerproduct.iterator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.apache.accumulo.core.iterators.WrappingIterator;
import outerproduct.kernel.semiring.Semiring;
import outerproduct.kernel.semiring.Semirings;

/**
 * Smoke-test iterator: re-encodes each value through the kernel's semiring and tags it with the pid
 * of the JVM it runs in, so a test can see kernel code executing inside a tablet server.
 */
public class WhereAmIIterator extends WrappingIterator {
  private Semiring<?> semiring;

  @Override
  public void init(
      SortedKeyValueIterator<org.apache.accumulo.core.data.Key, Value> source,
      Map<String, String> options,
      IteratorEnvironment env)
      throws IOException {
    super.init(source, options, env);
    semiring = Semirings.forName(options.getOrDefault("semiring", Semirings.DEFAULT));
  }

  @Override
  public Value getTopValue() {
    String canonical =
        new String(semiring.canonical(super.getTopValue().get()), StandardCharsets.UTF_8);
    return new Value(canonical + "@" + ProcessHandle.current().pid());
  }

  @Override
  public SortedKeyValueIterator<org.apache.accumulo.core.data.Key, Value> deepCopy(
      IteratorEnvironment env) {
    WhereAmIIterator copy = new WhereAmIIterator();
    copy.setSource(getSource().deepCopy(env));
    copy.semiring = semiring;
    return copy;
  }
}
