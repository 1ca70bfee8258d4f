package dev.informerbench.report;

import dev.informerbench.comparison.Cell;
import dev.informerbench.comparison.Comparison;
import dev.informerbench.comparison.Row;
import dev.informerbench.comparison.Table;
import dev.informerbench.results.RunMetadata;
import dev.informerbench.statistics.Stationarity;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything a reader should know before trusting a figure, in one list: runs that did not
 * complete, requests the client and server disagree on, rows whose iterations do not hold one
 * level (stationarity), rows measured in one fork, rows some file lacks.
 */
final class FlagsSection {
    private FlagsSection() {}

    static void write(Html page, List<ReportInput> inputs, Comparison comparison) {
        List<String> flags = flags(inputs, comparison);
        page.open("section", "id=\"flags\"").element("h2", "", "Flags (" + flags.size() + ")");
        if (flags.isEmpty()) {
            page.element("p", "", "None: every run complete, every row steady, measured in more than one fork and "
                    + "present in every file.");
        } else {
            page.open("ul", "class=\"flags\"");
            flags.forEach(f -> page.element("li", "", f));
            page.close("ul");
        }
        page.close("section");
    }

    static List<String> flags(List<ReportInput> inputs, Comparison comparison) {
        List<String> flags = new ArrayList<>();
        for (ReportInput input : inputs) {
            RunMetadata m = input.meta();
            if (m != null && m.status != RunMetadata.Status.COMPLETE) {
                flags.add(input.label() + ": status: " + (m.status == null ? "not recorded" : m.status)
                        + (m.error == null ? "" : " (" + m.error + ")"));
            }
            if (m != null && m.requests != null && m.requests.differences != null) {
                m.requests.differences.forEach(d -> flags.add(input.label() + ": requests: " + d));
            }
            input.latencies().stream().filter(l -> l.problem() != null)
                    .forEach(l -> flags.add(input.label() + ": latency file " + l.problem()));
        }
        for (Table table : comparison.primaryTables()) {
            for (Row row : table.rows()) {
                for (int f = 0; f < row.cells().size(); f++) {
                    Cell cell = row.cells().get(f);
                    String where = comparison.sources().get(f).label() + ": " + row.label() + ": ";
                    if (!cell.present()) {
                        flags.add(where + (cell.missing().startsWith("missing") ? cell.missing()
                                : "missing (" + cell.missing() + ")"));
                        continue;
                    }
                    Stationarity.Result steadiness = cell.steadiness();
                    if (steadiness.flagged()) {
                        flags.add(where + "unsteady: " + steadiness.description());
                    }
                    if (cell.samples().forkCount() == 1) {
                        flags.add(where + "one fork: its interval holds iteration noise only");
                    }
                }
            }
        }
        return flags;
    }
}
