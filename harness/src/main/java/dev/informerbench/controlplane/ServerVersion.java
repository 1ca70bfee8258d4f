package dev.informerbench.controlplane;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.openapi.apis.VersionApi;
import java.io.IOException;
import okhttp3.Response;
import okhttp3.ResponseBody;

/**
 * The server's {@code gitVersion} from {@code GET /version}, read as plain JSON. The request is
 * the one client-java builds (its base path, auth and OkHttp client with its TLS and timeouts),
 * but the answer does not go through the client's {@code VersionInfo} model: the models of
 * older clients reject fields a newer server adds ({@code emulationMajor} since Kubernetes
 * 1.33), and the harness needs only the one field.
 */
public final class ServerVersion {
    private ServerVersion() {}

    /**
     * {@code gitVersion} of the server {@code client} points at; an {@link ApiException} with
     * the HTTP code (0 when there was no answer) when the server does not answer with it.
     */
    public static String gitVersion(ApiClient client) throws ApiException {
        try (Response response = new VersionApi(client).getCode().buildCall(null).execute()) {
            ResponseBody body = response.body();
            String text = body == null ? "" : body.string();
            if (!response.isSuccessful()) {
                throw new ApiException(response.code(), text.isBlank() ? response.message() : text.strip());
            }
            return fromJson(text);
        } catch (IOException e) {
            throw new ApiException(e);
        } catch (IllegalArgumentException e) {
            throw new ApiException(e.getMessage());
        }
    }

    /** {@code gitVersion} of a {@code /version} answer; IllegalArgumentException when it has none. */
    public static String fromJson(String json) {
        JsonElement root;
        try {
            root = JsonParser.parseString(json);
        } catch (JsonParseException e) {
            throw new IllegalArgumentException("GET /version answered no JSON: " + abbreviate(json), e);
        }
        JsonElement version = root.isJsonObject() ? ((JsonObject) root).get("gitVersion") : null;
        if (version == null || !version.isJsonPrimitive() || version.getAsString().isBlank()) {
            throw new IllegalArgumentException("GET /version answered no gitVersion: " + abbreviate(json));
        }
        return version.getAsString();
    }

    private static String abbreviate(String text) {
        String oneLine = text.strip().replaceAll("\\s+", " ");
        return oneLine.length() <= 200 ? oneLine : oneLine.substring(0, 200) + "...";
    }
}
