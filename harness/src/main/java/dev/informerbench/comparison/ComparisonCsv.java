package dev.informerbench.comparison;

import static dev.informerbench.comparison.ReportNumbers.raw;

import dev.informerbench.statistics.ForkStatistics;
import dev.informerbench.statistics.Stationarity;
import java.util.List;

/** A {@link Comparison} as CSV: one line per table, row and file, full precision, for scripts. */
final class ComparisonCsv {
    private ComparisonCsv() {}

    static String render(Comparison c) {
        StringBuilder out = new StringBuilder();
        line(out, "table", "metric", "mode", "unit", "direction", "benchmark", "params", "file", "n", "samples",
                "mean", "ci_low", "ci_high", "ci_bounded", "change_pct", "noise_floor_pct", "detectable_pct", "p_value",
                "paired", "verdict", "note", "unsteady");
        List<Source> sources = c.sources();
        int index = 0;
        for (Table t : c.tables()) {
            index++;
            String direction = switch (t.direction()) {
                case HIGHER_IS_BETTER -> "higher";
                case LOWER_IS_BETTER -> "lower";
                case UNKNOWN -> "unknown";
            };
            for (Row row : t.rows()) {
                for (int f = 0; f < sources.size(); f++) {
                    Cell cell = row.cells().get(f);
                    Delta d = f == 0 ? null : row.delta(f);
                    String verdict = f == 0 ? "base" : d == null ? "" : verdict(d.verdict());
                    String note = !cell.present() ? cell.missing() : d != null && d.note() != null ? d.note() : "";
                    ForkStatistics.Interval ci = cell.present() ? cell.ci() : null;
                    Stationarity.Result steadiness = t.primary() && cell.present() ? cell.steadiness() : null;
                    line(out, Integer.toString(index), t.metric(), t.mode(), t.unit(), direction, row.benchmark(),
                            row.params(), sources.get(f).label(), cell.present() ? Integer.toString(cell.n()) : "",
                            cell.present() ? cell.samples().kind().label() : "", ci == null ? "" : raw(ci.estimate()),
                            ci == null || !ci.bounded() ? "" : raw(ci.low()),
                            ci == null || !ci.bounded() ? "" : raw(ci.high()),
                            ci == null ? "" : Boolean.toString(ci.bounded()), d == null ? "" : raw(d.changePercent()),
                            d == null ? "" : raw(d.noiseFloorPercent()), d == null ? "" : raw(d.detectablePercent()),
                            d == null ? "" : raw(d.pValue()), d == null ? "" : Boolean.toString(d.paired()), verdict,
                            note, steadiness != null && steadiness.flagged() ? steadiness.description() : "");
                }
            }
            Geomean g = t.geomean();
            for (int f = 0; f < sources.size(); f++) {
                line(out, Integer.toString(index), t.metric(), t.mode(), t.unit(), direction, "geomean", "",
                        sources.get(f).label(), "", "", raw(g.means().get(f)), "", "", "",
                        f == 0 ? "" : raw(g.changePercents().get(f - 1)), "", "", "", "", f == 0 ? "base" : "", "", "");
            }
        }
        return out.toString();
    }

    private static String verdict(Verdict v) {
        return switch (v) {
            case BETTER -> "better";
            case WORSE -> "worse";
            case CHANGED -> "changed";
            case NO_DIFFERENCE -> "~";
            case NOT_COMPARED -> "not compared";
        };
    }

    private static void line(StringBuilder out, String... fields) {
        for (int i = 0; i < fields.length; i++) {
            String f = fields[i];
            if (f.contains(",") || f.contains("\"") || f.contains("\n") || f.contains("\r")) {
                f = '"' + f.replace("\"", "\"\"") + '"';
            }
            out.append(i == 0 ? "" : ",").append(f);
        }
        out.append('\n');
    }
}
