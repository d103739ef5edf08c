#!/usr/bin/env bash
# Builds the production FroNtier servlet (fermitools/frontier, servlet 3.42) on a stock Apache
# Tomcat 9.0.98, the set-up our golden vectors were captured with, so that the FroNtier
# throughput benchmark can measure it beside ours in one run (benchmarks/README.md, "The
# production servlet as a peer").
#
#   build.sh FRONTIER_CHECKOUT OUT_DIR
#
# FRONTIER_CHECKOUT: a checkout of https://github.com/fermitools/frontier (HEAD 25267cc was used).
# OUT_DIR receives apache-tomcat-9.0.98/ (from Maven Central), webapp/ (the servlet compiled with
# javac against Tomcat's servlet API, its web.xml and config.properties) and pgjdbc in Tomcat's lib/.
# Needs a JDK (javac) and curl. Nothing of the project depends on it; only the benchmark's
# --peer-start option uses it, through start.sh.
set -euo pipefail
src=${1:?usage: build.sh FRONTIER_CHECKOUT OUT_DIR}
out=${2:?usage: build.sh FRONTIER_CHECKOUT OUT_DIR}
[ -f "$src/src/gov/fnal/frontier/FrontierServlet.java" ] || { echo "not a fermitools/frontier checkout: $src" >&2; exit 2; }
central=https://repo1.maven.org/maven2
tomcat=9.0.98
pgjdbc=42.7.4
mkdir -p "$out"
out=$(cd "$out" && pwd)
if [ ! -d "$out/apache-tomcat-$tomcat" ]; then
  curl -sSfL "$central/org/apache/tomcat/tomcat/$tomcat/tomcat-$tomcat.tar.gz" | tar xz -C "$out"
fi
curl -sSfL -o "$out/apache-tomcat-$tomcat/lib/postgresql-$pgjdbc.jar" "$central/org/postgresql/postgresql/$pgjdbc/postgresql-$pgjdbc.jar"
rm -rf "$out/webapp"
mkdir -p "$out/webapp/WEB-INF/classes"
find "$src/src" -name '*.java' > "$out/sources.txt"
javac -nowarn -encoding ISO-8859-1 -d "$out/webapp/WEB-INF/classes" -cp "$out/apache-tomcat-$tomcat/lib/servlet-api.jar" @"$out/sources.txt"
cp "$src/web/WEB-INF/web.xml" "$out/webapp/WEB-INF/"
# the repository's configuration plus Last-Modified validation on PostgreSQL, as for the golden vectors
{ cat "$src/web/WEB-INF/classes/config.properties"; echo; echo "ValidateLastModifiedSeconds=300"; } > "$out/webapp/WEB-INF/classes/config.properties"
echo "built the FroNtier servlet $(grep -ho 'frontierVersion="[^"]*"' "$src/src/gov/fnal/frontier/FrontierServlet.java" | head -1) on Tomcat $tomcat in $out"
