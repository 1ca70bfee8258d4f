package dev.informerbench.export;

import dev.informerbench.comparison.Direction;
import dev.informerbench.results.JmhJson.Metric;
import java.util.List;
import java.util.Map;

/**
 * One CSV line per file, benchmark, params and metric (the score and every secondary metric),
 * full precision, for scripts and spreadsheets; quoted as RFC 4180 says (a field with a comma,
 * quote or line break in quotes, quotes doubled).
 */
final class ExportCsv {
    private ExportCsv() {}

    static Export render(List<ExportInput> inputs, String stem) {
        StringBuilder out = new StringBuilder();
        line(out, "file", "benchmark", "mode", "params", "metric", "value", "error", "unit", "direction", "forks",
                "iterations");
        for (ExportInput input : inputs) {
            for (var e : input.entries()) {
                Metric p = e.primary();
                line(out, input, e.benchmark(), e.mode(), e.paramString(), "score", p,
                        Direction.ofPrimary(e.mode(), p.unit()));
                for (Map.Entry<String, Metric> s : e.secondary().entrySet()) {
                    line(out, input, e.benchmark(), e.mode(), e.paramString(), s.getKey(), s.getValue(),
                            Direction.ofSecondary(s.getKey(), s.getValue().unit()));
                }
            }
        }
        return new Export(List.of(new ExportFile(stem + ".csv", out.toString())), List.of());
    }

    private static void line(StringBuilder out, ExportInput input, String benchmark, String mode, String params,
            String metric, Metric m, Direction direction) {
        String d = switch (direction) {
            case HIGHER_IS_BETTER -> "higher";
            case LOWER_IS_BETTER -> "lower";
            case UNKNOWN -> "unknown";
        };
        line(out, input.label(), benchmark, mode, params, metric, ExportRow.number(m.score()),
                ExportRow.number(m.error()), m.unit(), d, ExportRow.forks(m), ExportRow.iterations(m));
    }

    private static void line(StringBuilder out, String... fields) {
        for (int i = 0; i < fields.length; i++) {
            out.append(i == 0 ? "" : ",").append(quote(fields[i]));
        }
        out.append("\r\n");
    }

    static String quote(String field) {
        if (field.contains(",") || field.contains("\"") || field.contains("\n") || field.contains("\r")) {
            return "\"" + field.replace("\"", "\"\"") + "\"";
        }
        return field;
    }
}
