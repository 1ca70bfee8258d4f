package dev.informerbench.export;

import dev.informerbench.results.JmhJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One exported JMH file: its entries and the label that tells it apart from the others of the
 * same export.
 *
 * @param label the client and version a file of this suite is named for ({@code client-java-27.0.0}),
 *     otherwise the file name without {@code .json}; a repeated one gets {@code #2}, {@code #3}
 * @param client whether the label is a client and version read from the file name (then it is
 *     worth showing even when the file is exported alone)
 */
public record ExportInput(String label, boolean client, Path path, List<JmhJson.Entry> entries) {
    /** The suite's result names: {@code <UTC time>Z_[scenario_]<client>-<version>_k8s-<version>[_<n>]}. */
    private static final Pattern SUITE_FILE =
            Pattern.compile("\\d{8}T\\d{6}Z_(?:scenario_)?(?<client>.+?)_k8s-[^_]+(?:_\\d+)?");

    public ExportInput {
        entries = List.copyOf(entries);
    }

    /** Every file read (any that is not JMH JSON is one line naming it), labelled. */
    public static List<ExportInput> read(List<Path> files) {
        List<ExportInput> inputs = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (Path file : files) {
            List<JmhJson.Entry> entries = JmhJson.read(file);
            String stem = stem(file);
            Matcher m = SUITE_FILE.matcher(stem);
            boolean client = m.matches();
            String label = client ? m.group("client") : stem;
            int count = seen.merge(label, 1, Integer::sum);
            inputs.add(new ExportInput(count == 1 ? label : label + "#" + count, client, file, entries));
        }
        return inputs;
    }

    /** The file's name without {@code .json}. */
    static String stem(Path file) {
        Path name = file.toAbsolutePath().normalize().getFileName();
        String text = name == null ? "export" : name.toString();
        return text.endsWith(".json") && text.length() > 5 ? text.substring(0, text.length() - 5) : text;
    }
}
