package dev.informerbench.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A shard's result in a pod's log: its JMH JSON between two marker lines, so that
 * {@code kubectl logs} of the Job's pods, one file or many, in any order, with or without
 * {@code --prefix}, holds every part. A block's lines are those that start as its begin line
 * does (the same prefix, or none): other pods' lines interleaved by {@code kubectl logs -f} stay
 * out of it.
 */
public final class ShardLog {
    private static final Pattern BEGIN =
            Pattern.compile("^(.*?)=== informer-bench shard (\\d+)/(\\d+): JMH JSON begins ===$");
    private static final String END = "=== informer-bench shard %d/%d: JMH JSON ends ===";

    private ShardLog() {}

    /** One shard's rows, and which shard of how many wrote them. */
    public record Part(int index, int count, JsonArray rows) {}

    /** The lines a shard prints: its JSON between the two markers. */
    public static String block(int index, int count, String json) {
        return "=== informer-bench shard " + index + "/" + count + ": JMH JSON begins ===\n" + json.strip() + "\n"
                + END.formatted(index, count) + "\n";
    }

    /**
     * Every block in {@code text} ({@code source} names it in errors). A block without its end (a
     * pod still running, a log cut short) or whose JSON does not parse is an
     * {@link IllegalArgumentException}.
     */
    public static List<Part> parts(String text, String source) {
        List<Part> parts = new ArrayList<>();
        List<String> lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = BEGIN.matcher(lines.get(i));
            if (!m.matches()) {
                continue;
            }
            String prefix = m.group(1);
            int index = Integer.parseInt(m.group(2));
            int count = Integer.parseInt(m.group(3));
            String end = prefix + END.formatted(index, count);
            StringBuilder json = new StringBuilder();
            int j = i + 1;
            while (j < lines.size() && !lines.get(j).equals(end)) {
                if (lines.get(j).startsWith(prefix)) {
                    json.append(lines.get(j), prefix.length(), lines.get(j).length()).append('\n');
                }
                j++;
            }
            if (j == lines.size()) {
                throw new IllegalArgumentException(source + ": shard " + index + "/" + count
                        + "'s result has no end line (a pod still running, or a log cut short?)");
            }
            try {
                parts.add(new Part(index, count, JsonParser.parseString(json.toString()).getAsJsonArray()));
            } catch (JsonParseException | IllegalStateException e) {
                throw new IllegalArgumentException(source + ": shard " + index + "/" + count
                        + "'s result is not a JMH JSON array: " + e.getMessage());
            }
            // Not i = j: another pod's block may begin inside this one's lines (kubectl logs -f interleaves).
        }
        return parts;
    }
}
