/**
 * The benchmarks: one class per question about informers, each saying what it measures, what to
 * expect and why the number is sound. How long they run (warm-up, measurement, forks) is not
 * here: the suite's profiles set it for every family ({@code ./run-bench.sh profiles}),
 * so the classes carry no {@code @Warmup}, {@code @Measurement} or {@code @Fork}. Run straight
 * through JMH, give it with {@code -wi -w -i -r -f} (see the fork's ApiRequestProfiler).
 */
package dev.informerbench.bench;
