package dev.informerbench.report;

/** The page's CSS: inline, so the page needs nothing else. */
final class Style {
    private Style() {}

    static final String CSS = """
            body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: #1b1f24;
                   max-width: 1180px; margin: 0 auto; padding: 16px 24px 48px; }
            h1 { font-size: 24px; margin: 8px 0; }
            h2 { font-size: 19px; margin: 32px 0 8px; border-bottom: 1px solid #d0d7de; padding-bottom: 4px; }
            h3 { font-size: 15px; margin: 16px 0 6px; }
            p.lead, p.note { color: #424a53; }
            nav ul { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 4px 14px; }
            table { border-collapse: collapse; margin: 8px 0 12px; font-variant-numeric: tabular-nums; }
            th, td { border: 1px solid #d0d7de; padding: 3px 8px; text-align: left; vertical-align: top; }
            th { background: #f6f8fa; font-weight: 600; }
            td.num { text-align: right; }
            span.v { white-space: nowrap; }
            div.scroll { overflow-x: auto; }
            td .flag { font-size: 12px; }
            .better { color: #1a7f37; font-weight: 600; }
            .worse { color: #cf222e; font-weight: 600; }
            .flag { color: #9a6700; }
            figure { margin: 8px 0 16px; }
            figure svg, figure img { max-width: 100%; height: auto; }
            figcaption { color: #57606a; font-size: 12px; }
            ul.flags li { margin: 2px 0; }
            """;
}
