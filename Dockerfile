# The suite's image for `./run-bench.sh job-manifest`: ServerCost's N controllers as a Kubernetes
# Indexed Job on your cluster (README, "Beyond one machine: an Indexed Job"). It holds the jar
# the harness runs from; build the jar first, then the image, from the project's root:
#
#   mvn -B -DskipTests package          # target/benchmarks.jar
#   docker build -t REGISTRY/informer-bench:TAG .
#   docker push REGISTRY/informer-bench:TAG
#
# The pods run `run --in-cluster --shard I/K ...` (the manifest's args): the suite and its JMH
# forks (java from this image), against the cluster of the pod's service account.
FROM eclipse-temurin:17-jre

COPY target/benchmarks.jar /opt/informer-bench/benchmarks.jar

# No checkout in the image: results, the cache and the kubeconfig of --in-cluster go to /tmp.
ENV INFORMER_BENCH_HOME=/opt/informer-bench \
    INFORMER_BENCH_CACHE=/tmp/informer-bench
WORKDIR /tmp
USER 65532:65532

ENTRYPOINT ["java", "-Dinformerbench.home=/opt/informer-bench", "-cp", "/opt/informer-bench/benchmarks.jar", \
            "dev.informerbench.cli.Main"]
