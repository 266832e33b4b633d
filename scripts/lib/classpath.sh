# shellcheck shell=bash
# shellcheck disable=SC2034  # OUTERPRODUCT_OPENS and JAVA_OPTS are for the scripts that source this
# Sourced by the scripts: builds the project (no tests) when a source changed since the last
# build, and sets CLASSPATH_OF_COMPARE to the compare module's runtime classpath. MiniAccumuloCluster starts its servers with the JVM's
# java.class.path, so the tools run with a real -cp, not through a Maven plugin's class loader.
set -euo pipefail
OUTERPRODUCT_HOME=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# Java 17: the embedded YARN's web apps (Guice) and Hadoop's configuration reflect into java.base.
OUTERPRODUCT_OPENS=(--add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED)

# Sets JAVA_OPTS (an array) from a user's options string such as OUTERPRODUCT_JAVA_OPTS="-Xmx4g -Dx=y".
outerproduct_java_opts() {
  read -r -a JAVA_OPTS <<<"$1"
}

# Adds to JAVA_OPTS the scripts' logging: the project's lines on the console, every library's
# warnings (java.util.logging's too, routed to log4j2) in target/logs/<tool>-<time>.log
# (OUTERPRODUCT_LOG_FILE), which the tools name when a run ends.
outerproduct_logging() {
  local dir="$OUTERPRODUCT_HOME/target/logs"
  mkdir -p "$dir"
  OUTERPRODUCT_LOG_FILE="$dir/$1-$(date +%Y%m%d-%H%M%S)-$$.log"
  JAVA_OPTS+=("-Dlog4j2.configurationFile=$OUTERPRODUCT_HOME/scripts/lib/log4j2-console.properties"
    "-Douterproduct.log.file=$OUTERPRODUCT_LOG_FILE"
    "-Djava.util.logging.manager=org.apache.logging.log4j.jul.LogManager")
}

# Exits 2 with one line unless `java` on PATH is Java 17 or newer.
outerproduct_require_java() {
  command -v java >/dev/null \
    || { echo "error: java not found on PATH; install Java 17 (Debian: apt-get install openjdk-17-jdk-headless)" >&2; exit 2; }
  local version major
  version=$(java -version 2>&1 | sed -n 's/.*version "\([^"]*\)".*/\1/p' | head -1)
  major=${version%%.*}
  [ "$major" = 1 ] && major=$(echo "$version" | cut -d. -f2)   # 1.8.0_392 is Java 8
  if ! [[ $major =~ ^[0-9]+$ ]] || [ "$major" -lt 17 ]; then
    echo "error: Java 17 or newer is required, but java on PATH ($(command -v java)) is version ${version:-unknown};" \
      "install openjdk-17-jdk-headless or put a JDK 17 first on PATH" >&2
    exit 2
  fi
}

outerproduct_build() {
  outerproduct_require_java
  command -v mvn >/dev/null \
    || { echo "error: mvn not found on PATH; install Maven 3.8 or newer (Debian: apt-get install maven)" >&2; exit 2; }
  local cp_file="$OUTERPRODUCT_HOME/compare/target/runtime-classpath.txt"
  local stamp="$OUTERPRODUCT_HOME/compare/target/outerproduct-build.stamp"
  # OUTERPRODUCT_SKIP_BUILD=1 uses the last build as it is (the CI cluster stage runs several
  # tools on one build); otherwise the project is rebuilt only when a source or pom changed.
  local why=""
  if [ -f "$cp_file" ] && [ "${OUTERPRODUCT_SKIP_BUILD:-}" = 1 ]; then
    why="OUTERPRODUCT_SKIP_BUILD=1"
  elif [ -f "$cp_file" ] && [ -f "$stamp" ]; then
    local changed
    changed=$(outerproduct_changed_since "$stamp")
    if [ -z "$changed" ]; then
      why="no source changed since"
    else
      echo "${changed#"$OUTERPRODUCT_HOME"/} changed since the last build: rebuilding" >&2
    fi
  fi
  if [ -n "$why" ]; then
    echo "using the build in compare/target ($why)" >&2
    CLASSPATH_OF_COMPARE="$OUTERPRODUCT_HOME/compare/target/classes:$(cat "$cp_file")"
    export CLASSPATH_OF_COMPARE
    return 0
  fi
  echo "building outerproduct (mvn package, tests skipped; the first build downloads the dependencies)" >&2
  # One line per module, per 100 artifacts downloaded and for the native maps; errors in full.
  # compare's pom writes its runtime classpath to $cp_file as it packages the module.
  (cd "$OUTERPRODUCT_HOME" && mvn -B package -DskipTests -pl compare -am) 2>&1 \
    | awk '/^\[INFO\] Building .*\[[0-9]+\/[0-9]+\]$/ { sub(/^\[INFO\] Building /, "  build: "); print; fflush() }
           /^Downloaded from/ { if (++n % 100 == 0) { print "  build: " n " artifacts downloaded"; fflush() } }
           /built Accumulo native maps|native maps not built/ { sub(/^\[[A-Z]+\] /, "  build: "); print; fflush() }
           /^\[ERROR\]|BUILD FAILURE/ { print }' >&2
  touch "$stamp"
  CLASSPATH_OF_COMPARE="$OUTERPRODUCT_HOME/compare/target/classes:$(cat "$cp_file")"
  export CLASSPATH_OF_COMPARE
}

# Prints the first source, resource or pom of the project newer than file $1 (nothing if none).
outerproduct_changed_since() {
  find "$OUTERPRODUCT_HOME" -path "$OUTERPRODUCT_HOME/state" -prune -o -path '*/target' -prune -o \
    \( -path '*/src/main/*' -o -name pom.xml \) -type f -newer "$1" -print -quit 2>/dev/null
}

# The tools' classpath with the client's Hadoop configuration (HADOOP_CONF_DIR) first, as
# `hadoop jar` puts it: its default file system is where the iterator paths hand the caller's
# credentials to the tablet servers (docs/guarantees.md).
outerproduct_client_classpath() {
  if [ -n "${HADOOP_CONF_DIR:-}" ]; then
    echo "$HADOOP_CONF_DIR:$CLASSPATH_OF_COMPARE"
  else
    echo "$CLASSPATH_OF_COMPARE"
  fi
}
