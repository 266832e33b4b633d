package outerproduct.inputs.cli;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.hadoop.conf.Configuration;
import outerproduct.inputs.MatrixText;
import outerproduct.kernel.accumulo.BulkImportCheck;
import outerproduct.kernel.oracle.SparseMatrix;
import outerproduct.kernel.semiring.Semirings;

/** A user's matrix for {@code scripts/matrix load --table}: read, checked, and where bulk goes. */
final class OwnMatrix {
  private OwnMatrix() {}

  /**
   * Reads triples ({@code from}) or D4M lists ({@code rows}, {@code columns}, optional {@code
   * values}), each value checked under {@code semiring}.
   *
   * @throws IllegalArgumentException naming the option, or the input's line and field, at fault
   */
  static SparseMatrix read(
      String from,
      MatrixText.Format format,
      String rows,
      String columns,
      String values,
      String semiring)
      throws IOException {
    boolean d4m = rows != null || columns != null || values != null;
    if ((from == null) == !d4m) {
      throw new IllegalArgumentException(
          "--table: give the matrix as --from FILE (triples) or as --d4m-rows and --d4m-columns"
              + " (D4M lists), "
              + (from == null ? "neither was given" : "not both"));
    }
    if (from != null) {
      try (InputStream in = MatrixText.open("--from", from)) {
        return MatrixText.triples(
            "--from " + from,
            in,
            format != null ? format : MatrixText.Format.of(from),
            Semirings.forName(semiring));
      }
    }
    if (rows == null || columns == null) {
      throw new IllegalArgumentException(
          "--d4m-" + (rows == null ? "rows" : "columns") + " is missing: D4M lists need both");
    }
    List<MatrixText.NamedInput> lists = new ArrayList<>();
    try {
      lists.add(
          new MatrixText.NamedInput("--d4m-rows " + rows, MatrixText.open("--d4m-rows", rows)));
      lists.add(
          new MatrixText.NamedInput(
              "--d4m-columns " + columns, MatrixText.open("--d4m-columns", columns)));
      if (values != null) {
        lists.add(
            new MatrixText.NamedInput(
                "--d4m-values " + values, MatrixText.open("--d4m-values", values)));
      }
      return MatrixText.d4m(lists, Semirings.forName(semiring));
    } finally {
      for (MatrixText.NamedInput list : lists) {
        list.in().close();
      }
    }
  }

  /**
   * Hadoop's configuration with the instance's first volume as the default file system, where a
   * bulk load stages its files (reading the volumes needs System permission SYSTEM).
   */
  static Configuration volumeFileSystem(AccumuloClient client) {
    try {
      URI volume = URI.create(BulkImportCheck.firstVolume(client));
      Configuration conf = new Configuration();
      conf.set(
          "fs.defaultFS",
          volume.getScheme()
              + "://"
              + (volume.getAuthority() == null ? "" : volume.getAuthority())
              + "/");
      return conf;
    } catch (AccumuloException | AccumuloSecurityException e) {
      throw new IllegalArgumentException(
          "a bulk load stages its files on the instance's volume, which user '"
              + client.whoami()
              + "' may not read: "
              + e.getMessage(),
          e);
    }
  }
}
