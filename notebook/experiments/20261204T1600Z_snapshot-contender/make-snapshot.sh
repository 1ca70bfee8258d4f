#!/usr/bin/env bash
# What `mvn install` in a client-java checkout of v27.0.0 with the version bumped to 27.0.1-SNAPSHOT
# and one file changed leaves in the local Maven repository, made without building client-java
# (its build needs plugins this machine does not have offline): every module of the reactor at the
# new version (parent, api, proto as released; util, the client-java artifact, with the changed
# class compiled from the tag's source against the release), each jar's own Maven metadata saying
# 27.0.1-SNAPSHOT, as a real build's would. The class is compiled for Java 11, as the release's are.
#   make-snapshot.sh CLIENT_JAVA_GIT_DIR
set -euo pipefail
src="$1"                                   # a clone (or bare mirror) of kubernetes-client/java
here="$(cd "$(dirname "$0")" && pwd)"
repo="${MAVEN_REPO:-$HOME/.m2/repository}/io/kubernetes"
from=27.0.0 to=27.0.1-SNAPSHOT
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
lister=util/src/main/java/io/kubernetes/client/informer/cache/Lister.java
git --git-dir="$src" show "v$from:$lister" > "$work/Lister.orig.java"
mkdir -p "$work/src/io/kubernetes/client/informer/cache"
cp "$work/Lister.orig.java" "$work/src/io/kubernetes/client/informer/cache/Lister.java"
( cd "$work/src" && patch -p0 -s < "$here/lister-format.diff" )
cp_art() {  # artifact, packaging: copy the release to the new version, pom's own version rewritten
  local a="$1" ext="$2" d="$repo/$1/$to"
  mkdir -p "$d"
  sed "0,/<version>$from<\/version>/s//<version>$to<\/version>/" "$repo/$a/$from/$a-$from.pom" > "$d/$a-$to.pom"
  [[ "$ext" == pom ]] || cp "$repo/$a/$from/$a-$from.jar" "$d/$a-$to.jar"
}
cp_art client-java-parent pom
for a in client-java-api client-java-proto client-java; do cp_art "$a" jar; done
# the api and proto poms name the parent at the release: the new build's name the new one
for a in client-java-api client-java-proto client-java; do
  sed -i "/<artifactId>client-java-parent<\/artifactId>/{n;s/<version>$from</<version>$to</}" "$repo/$a/$to/$a-$to.pom"
done
cp="$repo/client-java/$from/client-java-$from.jar:$repo/client-java-api/$from/client-java-api-$from.jar"
mkdir -p "$work/classes"
javac -nowarn --release 11 -cp "$cp" -d "$work/classes" "$work/src/io/kubernetes/client/informer/cache/Lister.java" 2>/dev/null
jar_of="$repo/client-java/$to/client-java-$to.jar"
( cd "$work/classes" && jar uf "$jar_of" io/kubernetes/client/informer/cache/Lister.class )
# each jar's embedded Maven metadata says the version it was built as
for a in client-java-api client-java-proto client-java; do
  j="$repo/$a/$to/$a-$to.jar" m="META-INF/maven/io.kubernetes/$a"
  mkdir -p "$work/meta-$a/$m"; ( cd "$work/meta-$a" && unzip -q -o "$j" "$m/*" )
  sed -i "s/^version=$from$/version=$to/" "$work/meta-$a/$m/pom.properties"
  cp "$repo/$a/$to/$a-$to.pom" "$work/meta-$a/$m/pom.xml"
  ( cd "$work/meta-$a" && jar uf "$j" "$m/pom.properties" "$m/pom.xml" )
done
echo "installed io.kubernetes:*:$to under $repo (Lister.get: $(cd "$work/src" && diff -u "$work/Lister.orig.java" io/kubernetes/client/informer/cache/Lister.java | grep -c '^[-+] ') lines changed)"
