package dev.informerbench.results;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The JVM of each entry of a JMH JSON file, as JMH writes it per row from the fork's own JVM:
 * {@code jdkVersion} ({@code 17.0.15}; client-go's program writes {@code go1.26.8}),
 * {@code vmVersion} and {@code jvmArgs}. In the order of {@link JmhJson#read}'s entries; a field
 * the row lacks is null (the arguments: empty).
 */
public record RowJvm(String jdkVersion, String vmVersion, List<String> jvmArgs) {
    public RowJvm {
        jvmArgs = List.copyOf(jvmArgs);
    }

    /** Every entry's JVM; the file is read as {@link JmhJson#read} reads it (call that first for its errors). */
    public static List<RowJvm> of(Path file) {
        List<RowJvm> rows = new ArrayList<>();
        JsonElement root;
        try {
            root = JsonParser.parseString(Files.readString(file));
        } catch (IOException | RuntimeException e) {
            throw new ResultFileException(file + " cannot be read: " + e.getMessage());
        }
        if (!root.isJsonArray()) {
            return rows;
        }
        for (JsonElement e : root.getAsJsonArray()) {
            JsonObject o = e.isJsonObject() ? e.getAsJsonObject() : new JsonObject();
            List<String> args = new ArrayList<>();
            if (o.get("jvmArgs") != null && o.get("jvmArgs").isJsonArray()) {
                o.getAsJsonArray("jvmArgs")
                        .forEach(a -> args.add(a.isJsonPrimitive() ? a.getAsString() : a.toString()));
            }
            rows.add(new RowJvm(JmhFields.string(o.get("jdkVersion")), JmhFields.string(o.get("vmVersion")), args));
        }
        return rows;
    }
}
