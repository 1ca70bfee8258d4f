package dev.informerbench.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A {@code --clients} run's rows in one JMH JSON array: {@value #NAME} beside the clients' own
 * files. Tools that read one file as one run (JMH Visualizer) then show the clients side by side,
 * told apart by the {@code client} param their rows already carry; given the clients' files
 * instead, they line rows up by name and params, and those differ by client. Nothing is
 * recomputed: each row is its client's merged row as it is.
 */
public final class AllClientsFile {
    /** The file's name in the run folder. */
    public static final String NAME = "all-clients.json";
    private static final String CLIENT = "client";

    private AllClientsFile() {}

    /** One client's merged file and the {@code client} param value its rows carry ({@code FABRIC8}). */
    public record Part(Path file, String client) {}

    /**
     * The rows of {@code parts} in their order. A row without a {@code client} param gets its
     * part's; a row with another, or one that two parts both have, is an
     * {@link IllegalArgumentException}: the file would not say whose it is.
     */
    public static JsonArray combine(List<Part> parts) throws IOException {
        JsonArray all = new JsonArray();
        Set<RowKey> seen = new HashSet<>();
        for (Part part : parts) {
            for (JsonElement element : JsonParser.parseString(Files.readString(part.file())).getAsJsonArray()) {
                JsonObject row = element.getAsJsonObject().deepCopy();
                if (!row.has("params") || !row.get("params").isJsonObject()) {
                    row.add("params", new JsonObject());
                }
                JsonObject params = row.getAsJsonObject("params");
                if (!params.has(CLIENT)) {
                    params.add(CLIENT, new JsonPrimitive(part.client()));
                } else if (!params.get(CLIENT).getAsString().equals(part.client())) {
                    throw new IllegalArgumentException(part.file() + ": a row of client " + params.get(CLIENT)
                            + " in the file of " + part.client());
                }
                if (!seen.add(JmhFields.key(row))) {
                    throw new IllegalArgumentException(part.file() + ": row " + JmhFields.key(row)
                            + " is in two clients' files");
                }
                all.add(row);
            }
        }
        return all;
    }
}
