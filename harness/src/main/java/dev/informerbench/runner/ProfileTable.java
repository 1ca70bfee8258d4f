package dev.informerbench.runner;

import dev.informerbench.text.TextTable;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The profiles as a page: what each is for, its families, its rows and forks, what a run took
 * here and how that was measured, and what its plan (the progress line's first estimate) says.
 * {@code ./run-bench.sh profiles} prints it; docs/profiles.md is that output, held to it by a
 * test, so a duration is stated once, in {@link Profile}, and a family list or a row count once,
 * in the catalogue ({@link Families}).
 */
public final class ProfileTable {
    private ProfileTable() {}

    public static String markdown() {
        StringBuilder out = new StringBuilder();
        out.append("# Profiles\n\n");
        out.append("`./run-bench.sh --profile NAME`; without it, `").append(Profile.DEFAULT.id())
                .append("`. This page is"
                + " the output of `./run-bench.sh profiles` (a test holds it to the sources: each family's rows in"
                + " each profile are its entry in `runner/Families.java`, each profile's measured time is in"
                + " `runner/Profile.java`). Times are for this project's machine: 2 cores, 24 GiB, the local control"
                + " plane on the same cores, once built.\n\n");
        TextTable table = new TextTable("profile", "for", "families", "rows", "forks", "measured here", "planned");
        for (Profile p : Profile.values()) {
            table.row("`" + p.id() + "`", p.purpose(), String.valueOf(p.families().size()),
                    String.valueOf(rows(p)), String.valueOf(forkRuns(p)),
                    p.measured().map(Profile.Measured::words).orElse("not run whole here"), minutes(plannedSeconds(p)));
        }
        out.append(table.markdown(2)).append('\n');
        out.append("*rows*: a benchmark at one combination of its params, for one client; *forks*: the JVMs a client's"
                + " run starts (rows × forks a row); *planned*: the plan's arithmetic (iterations and a fork's start),"
                + " the progress line's first estimate.\n\n");
        out.append("How each was measured:\n\n");
        for (Profile p : Profile.values()) {
            out.append("- `").append(p.id()).append("`: ")
                    .append(p.measured().map(Profile.Measured::how).orElse("never run whole on this machine"))
                    .append('\n');
        }
        out.append("\nTheir families:\n\n");
        for (Profile p : Profile.values()) {
            out.append("- `").append(p.id()).append("`: ")
                    .append(p.families().stream().map(Family::name).collect(Collectors.joining(", "))).append('\n');
        }
        out.append("\n`--clients` runs, of the profile's families, those every client has: ")
                .append(Profile.QUICK.families().stream().map(Family::name)
                        .filter(MultiVersionRunner.CLIENT_FAMILIES::contains).collect(Collectors.joining(", ")))
                .append(".\n");
        return out.toString();
    }

    /** A client's rows in a run of {@code p}: each family's benchmarks at its params. */
    static long rows(Profile p) {
        JmhArgs none = JmhArgs.parse(List.of());
        return p.families().stream().mapToLong(f -> none.rowsMatching(f.include(), f.params())).sum();
    }

    /** The forks a client's run of {@code p} starts: each row in each of its family's forks. */
    static long forkRuns(Profile p) {
        JmhArgs none = JmhArgs.parse(List.of());
        return p.families().stream().mapToLong(f -> none.rowsMatching(f.include(), f.params()) * f.forks()).sum();
    }

    /** The plan's seconds for a client's run of {@code p}, as the progress line's first estimate. */
    static double plannedSeconds(Profile p) {
        JmhArgs none = JmhArgs.parse(List.of());
        return p.families().stream()
                .mapToDouble(f -> RunProgress.estimateSeconds(f, none.rowsMatching(f.include(), f.params()), f.forks()))
                .sum();
    }

    private static String minutes(double seconds) {
        return String.format(Locale.ROOT, "%.0f min", seconds / 60);
    }
}
