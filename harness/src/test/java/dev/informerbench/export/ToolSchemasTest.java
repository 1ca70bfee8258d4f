package dev.informerbench.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The tools' rules (ToolSchemas) accept the tools' own examples and reject what the tools reject. */
class ToolSchemasTest {
    /** github-action-benchmark README.md, "customSmallerIsBetter" example (commit c38cce98). */
    static final String ACTION_README_EXAMPLE = """
            [
                {
                    "name": "My Custom Smaller Is Better Benchmark - CPU Load",
                    "unit": "Percent",
                    "value": 50
                },
                {
                    "name": "My Custom Smaller Is Better Benchmark - Memory Used",
                    "unit": "Megabytes",
                    "value": 100,
                    "range": "3",
                    "extra": "Value for Tooltip: 25\\nOptional Num #2: 100\\nAnything Else!"
                }
            ]
            """;

    /** github-action-benchmark test/data/extract/customBiggerIsBetter_output.json (commit c38cce98). */
    static final String ACTION_TEST_DATA = """
            [
                {
                    "name": "My Custom Bigger Is Better Benchmark - Throughput",
                    "unit": "req/s",
                    "value": 70
                },
                {
                    "name": "My Custom Bigger Is Better Benchmark - Free Memory",
                    "unit": "Megabytes",
                    "value": 150,
                    "range": "3",
                    "extra": "Optional Value #1: 25\\nHelpful Num #2: 100\\nAnything Else!"
                }
            ]
            """;

    /**
     * Bencher's BMF example, bencher.dev/docs/reference/bencher-metric-format
     * (services/console/src/chunks/docs-reference/bencher-metric-format/bmf-example.mdx, commit 8d75325c).
     */
    static final String BMF_DOCS_EXAMPLE = """
            {
              "benchmark_name": {
                "latency": {
                  "value": 88.0,
                  "lower_value": 87.42,
                  "upper_value": 88.88
                },
                "throughput": {
                  "value": 5.55,
                  "lower_value": 3.14,
                  "upper_value": 6.30
                }
              },
              "/bin/sh -c ./my_build_script.sh": {
                "build-time": {
                  "value": 87.0
                }
              },
              "my_binary": {
                "file-size": {
                  "value": 42.0
                }
              }
            }
            """;

    @Test
    void theActionsOwnExamplesPass() {
        assertThat(ToolSchemas.githubActionBenchmark(ACTION_README_EXAMPLE)).isEmpty();
        assertThat(ToolSchemas.githubActionBenchmark(ACTION_TEST_DATA)).isEmpty();
    }

    @Test
    void whatTheActionRejectsFails() {
        assertThat(ToolSchemas.githubActionBenchmark("{}")).containsExactly("not an array");
        assertThat(ToolSchemas.githubActionBenchmark("[]")).containsExactly("an empty array");
        assertThat(ToolSchemas.githubActionBenchmark("[{\"name\": \"a\", \"value\": 1}]"))
                .containsExactly("entry 1: unit is not a string");
        assertThat(ToolSchemas.githubActionBenchmark("[{\"name\": \"a\", \"unit\": \"ns\"}]"))
                .containsExactly("entry 1: value is not a finite number");
        assertThat(ToolSchemas.githubActionBenchmark(
                "[{\"name\": \"a\", \"unit\": \"ns\", \"value\": 1}, "
                        + "{\"name\": \"a\", \"unit\": \"ns\", \"value\": 2}]"))
                .containsExactly("entry 2: name repeats: a");
        assertThat(ToolSchemas.rescalableRanges("[{\"range\": \"3 ns\"}, {\"range\": \"± 3.5E-4\"}]"))
                .containsExactly("range not rescalable: 3 ns");
    }

    @Test
    void bencherDocsExamplePasses() {
        assertThat(ToolSchemas.bencher(BMF_DOCS_EXAMPLE)).isEmpty();
    }

    @Test
    void whatBencherRejectsFails() {
        assertThat(ToolSchemas.bencher("[]")).containsExactly("not an object");
        assertThat(ToolSchemas.bencher("{\"b\": {\"latency\": {\"lower_value\": 1}}}"))
                .containsExactly("b / latency: value is not a number");
        assertThat(ToolSchemas.bencher("{\"b\": {\"Latency Mean\": {\"value\": 1}}}"))
                .containsExactly("b / Latency Mean: measure is not a slug");
        assertThat(ToolSchemas.bencher("{\"" + "x".repeat(1025) + "\": {}}")).hasSize(1);
    }

    /** The valid and invalid slugs of Bencher's own tests, lib/bencher_valid/src/slug.rs (commit 8d75325c). */
    @Test
    void slugsAsBencherTestsThem() {
        String len64 = "0123456789012345678901234567890123456789012345678901234567890123";
        for (String valid : List.of("a-valid-slug", "2nd-valid-slug", len64)) {
            assertThat(ToolSchemas.isSlug(valid)).as(valid).isTrue();
        }
        for (String invalid : List.of("", " a-valid-slug", "a- valid-slug", "a-valid-slug ", " a-valid-slug ",
                "-a-valid-slug", "a-valid-slug-", "-a-valid-slug-", "a--valid-slug", "a-Valid-slug",
                "client-submit-serialize-deserialize-handle-client-submit-serialize-deserialize-handle-1996529012",
                "...", len64 + "4")) {
            assertThat(ToolSchemas.isSlug(invalid)).as(invalid).isFalse();
        }
    }
}
