# Sourced by the scripts: builds the project (no tests) and sets CLASSPATH_OF_COMPARE to the
# compare module's runtime classpath. MiniAccumuloCluster starts its servers with the JVM's
# java.class.path, so the tools run with a real -cp, not through a Maven plugin's class loader.
set -euo pipefail
OUTERPRODUCT_HOME=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# Java 17: the embedded YARN's web apps (Guice) and Hadoop's configuration reflect into java.base.
OUTERPRODUCT_OPENS="--add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED"

outerproduct_build() {
  command -v java >/dev/null || { echo "error: java not found on PATH (Java 17 is required)" >&2; exit 2; }
  command -v mvn >/dev/null || { echo "error: mvn not found on PATH (Maven 3.8+ is required)" >&2; exit 2; }
  local cp_file="$OUTERPRODUCT_HOME/compare/target/runtime-classpath.txt"
  # Set by callers that run several tools in a row on one build (the CI cluster stage).
  if [ "${OUTERPRODUCT_SKIP_BUILD:-}" = 1 ] && [ -f "$cp_file" ]; then
    CLASSPATH_OF_COMPARE="$OUTERPRODUCT_HOME/compare/target/classes:$(cat "$cp_file")"
    export CLASSPATH_OF_COMPARE
    return 0
  fi
  echo "building outerproduct (mvn package, tests skipped)..." >&2
  (cd "$OUTERPRODUCT_HOME" && mvn -B -q package -DskipTests -pl compare -am \
    dependency:build-classpath -Dmdep.outputFile="$cp_file" -Dmdep.includeScope=runtime) >&2
  CLASSPATH_OF_COMPARE="$OUTERPRODUCT_HOME/compare/target/classes:$(cat "$cp_file")"
  export CLASSPATH_OF_COMPARE
}
