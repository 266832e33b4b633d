# shellcheck shell=bash
# shellcheck disable=SC2034  # the variables are for the scripts that source this file
# Sourced by scripts/cluster, scripts/hadoop and scripts/accumulo: where the pseudo-distributed
# cluster keeps its state, and the port of every daemon (all bound to localhost).
# shellcheck source=classpath.sh
source "$(dirname "${BASH_SOURCE[0]}")/classpath.sh"

CLUSTER_STATE=${OUTERPRODUCT_CLUSTER_DIR:-$OUTERPRODUCT_HOME/state/cluster}
CLUSTER_CONF=$CLUSTER_STATE/conf
CLUSTER_LIB=$CLUSTER_STATE/lib
CLUSTER_NATIVE=$CLUSTER_LIB/native
NATIVE_MAPS_BUILT=$OUTERPRODUCT_HOME/embedded-cluster/target/classes/outerproduct/embedded/native/libaccumulo.so
CLUSTER_LOGS=$CLUSTER_STATE/logs
CLUSTER_PIDS=$CLUSTER_STATE/pids
CLUSTER_CLASSPATH="$CLUSTER_CONF:$CLUSTER_LIB/*"
# What an operator adds to every tablet server's lib/: this project's server jar (scripts/cluster
# deploy, docs/deploy.md). Only the tablet servers have it on their classpath.
CLUSTER_SERVER_LIB=$CLUSTER_STATE/lib-tserver
SERVER_JAR_BUILT_GLOB="$OUTERPRODUCT_HOME/iterator-outerproduct/target/iterator-outerproduct-*-server.jar"
ACCUMULO_INSTANCE=outerproduct
# Who each daemon is to HDFS (simple authentication takes the name it is given), as on a team's
# cluster: HDFS's superuser, and the Accumulo servers' own user, neither of them the clients'
# (this shell's user, as are YARN's daemons), so that HDFS checks every client's and every
# tablet server's permission.
CLUSTER_HDFS_USER=hdfs
CLUSTER_ACCUMULO_USER=accumulo

# Hadoop's and Accumulo's usual ports, so that their documentation applies unchanged.
PORT_ZOOKEEPER=2181
PORT_NAMENODE=8020
PORT_NAMENODE_HTTP=9870
PORT_DATANODE=9866
PORT_DATANODE_HTTP=9864
PORT_DATANODE_IPC=9867
PORT_RESOURCEMANAGER=8032
PORT_RESOURCEMANAGER_SCHEDULER=8030
PORT_RESOURCEMANAGER_TRACKER=8031
PORT_RESOURCEMANAGER_ADMIN=8033
PORT_RESOURCEMANAGER_HTTP=8088
PORT_NODEMANAGER=8041
PORT_NODEMANAGER_LOCALIZER=8040
PORT_NODEMANAGER_HTTP=8042
PORT_SHUFFLE=13562
PORT_JOBHISTORY=10020
PORT_JOBHISTORY_HTTP=19888
PORT_JOBHISTORY_ADMIN=10033
PORT_MANAGER=9999
PORT_MANAGER_REPLICATION=10001
PORT_GC=9998
# tablet server i (1-based) serves clients on PORT_TSERVER_BASE+i, replication on +20
PORT_TSERVER_BASE=9800

require_cluster_jars() {
  command -v java >/dev/null || { echo "error: java not found on PATH (the cluster needs Java 17)" >&2; exit 2; }
  if [ ! -d "$CLUSTER_LIB" ] || [ ! -f "$CLUSTER_CONF/core-site.xml" ]; then
    echo "error: no cluster at $CLUSTER_STATE; run scripts/cluster start first" >&2
    exit 2
  fi
}
