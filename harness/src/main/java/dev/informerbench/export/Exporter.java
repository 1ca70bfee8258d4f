package dev.informerbench.export;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code export}'s work: read every input, render the format, then write, so that bad input
 * (a file that is not JMH JSON, a missing folder) writes nothing. The inputs are only read: an
 * output that would land on one of them is refused. Earlier exports of the same name are
 * replaced (they are derived from the inputs; the inputs stay).
 */
public final class Exporter {
    private Exporter() {}

    /** The files {@code format} makes of {@code files}, in memory. */
    public static Export render(List<Path> files, ExportFormat format) {
        return render(files, format, Gate.NONE);
    }

    /** The same, with the entries that alert chosen by {@code gate} (github-action-benchmark only). */
    public static Export render(List<Path> files, ExportFormat format, Gate gate) {
        if (files.isEmpty()) {
            throw new IllegalArgumentException("no JMH JSON file to export");
        }
        if (!gate.aa().isEmpty() && format != ExportFormat.GITHUB_ACTION_BENCHMARK) {
            throw new IllegalArgumentException("--aa is for --format github-action-benchmark, whose steps alert "
                    + "(Bencher keeps its thresholds on its server; csv has none)");
        }
        AlertGate alerts = gate.aa().isEmpty() ? null : AlertGate.of(gate.aa(), gate.threshold());
        List<ExportInput> inputs = ExportInput.read(files);
        String stem = stem(files);
        return switch (format) {
            case GITHUB_ACTION_BENCHMARK -> GithubActionBenchmark.render(inputs, stem, alerts);
            case BENCHER -> Bencher.render(inputs, stem);
            case CSV -> ExportCsv.render(inputs, stem);
        };
    }

    /** Checks {@code dir} and renders; writes nothing when either fails. */
    public static Written export(List<Path> files, ExportFormat format, Gate gate, Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("--output: no such directory: " + dir);
        }
        Export export = render(files, format, gate);
        List<Path> targets = new ArrayList<>();
        for (ExportFile f : export.files()) {
            Path target = dir.resolve(f.name()).normalize();
            for (Path input : files) {
                if (target.toAbsolutePath().normalize().equals(input.toAbsolutePath().normalize())) {
                    throw new IllegalArgumentException("the export " + target + " would overwrite its input");
                }
            }
            targets.add(target);
        }
        // Every file to a temporary beside it first, then all moved into place: a failed write leaves no half set.
        List<Path> temporaries = new ArrayList<>();
        try {
            for (int i = 0; i < targets.size(); i++) {
                Path tmp = targets.get(i).resolveSibling("." + targets.get(i).getFileName() + ".tmp");
                temporaries.add(tmp);
                Files.writeString(tmp, export.files().get(i).text());
            }
            for (int i = 0; i < targets.size(); i++) {
                Files.move(temporaries.get(i), targets.get(i), StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            for (Path tmp : temporaries) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // the write's own error is the one to report
                }
            }
            throw new UncheckedIOException("cannot write the export into " + dir, e);
        }
        return new Written(targets, export.notes());
    }

    /**
     * Which entries may fail a build: those steady in the A/A pairs {@code aa} (base, repeat, …) at
     * the action's {@code threshold} ({@code 150%}); none given, every charted entry ({@link AlertGate}).
     */
    public record Gate(List<Path> aa, String threshold) {
        public static final Gate NONE = new Gate(List.of(), DEFAULT_THRESHOLD);

        public Gate {
            aa = List.copyOf(aa);
        }
    }

    /** github-action-benchmark's own default alert-threshold. */
    public static final String DEFAULT_THRESHOLD = "200%";

    /** The paths written and the notes on what was left out. */
    public record Written(List<Path> paths, List<String> notes) {}

    /**
     * The outputs' name: one file's name without {@code .json}; for several files (the runs of a
     * --clients or --client-versions folder) the name of the folder they share, else the first
     * file's name and how many more.
     */
    static String stem(List<Path> files) {
        if (files.size() == 1) {
            return ExportInput.stem(files.get(0));
        }
        Path folder = files.get(0).toAbsolutePath().normalize().getParent();
        boolean shared = folder != null && folder.getFileName() != null
                && files.stream().allMatch(f -> folder.equals(f.toAbsolutePath().normalize().getParent()));
        return shared ? folder.getFileName().toString()
                : ExportInput.stem(files.get(0)) + "-and-" + (files.size() - 1) + "-more";
    }
}
