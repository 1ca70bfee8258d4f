package dev.informerbench.clientjava;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.informerbench.client.ClientConnection;
import dev.informerbench.client.ConnectOptions;
import dev.informerbench.client.ShapeInformer;
import dev.informerbench.fixtures.FixtureNames;
import dev.informerbench.fixtures.ObjectKind;
import dev.informerbench.fixtures.Remedy;
import dev.informerbench.fixtures.Seeded;
import dev.informerbench.fixtures.Shapes;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** CacheMemory's objects and informers through client-java, against the real local control plane. */
class ShapeFixturesIT {
    private static final int OBJECTS = 30;

    @Test
    void eachKindIsSeededOnceInItsShapeAndEachRemedyCachesWhatItSays() throws Exception {
        ApiClient client = SuiteCluster.connection().newClient();
        CoreV1Api api = new CoreV1Api(client);
        List<String> namespaces = new ArrayList<>();
        try (ClientConnection connection = new ClientJavaAdapter().connect(ConnectOptions.forWatches())) {
            for (ObjectKind kind : ObjectKind.values()) {
                String ns = FixtureNames.namespace("it-shapes", kind, OBJECTS);
                namespaces.add(ns);
                Seeded first = ShapeFixtures.ensure(client, "it-shapes", ns, kind, OBJECTS, line -> { });
                assertThat(first.created()).isEqualTo(OBJECTS);
                assertThat(ShapeFixtures.ensure(client, "it-shapes", ns, kind, OBJECTS, line -> { }).created())
                        .as("a second ensure creates nothing").isZero();
                JsonObject object = JsonParser.parseString(connection.rawGet("/api/v1/namespaces/" + ns + "/"
                        + kind.resource() + "/" + kind.name(3))).getAsJsonObject();
                assertThat(managers(object)).as(kind + "'s managers").isEqualTo(kind.hasStatus()
                        ? List.of(Shapes.CREATOR, Shapes.KUBELET) : List.of(Shapes.CREATOR));
                if (kind.hasStatus()) {
                    assertThat(object.getAsJsonObject("status").get("phase").getAsString()).isEqualTo("Running");
                }
            }
            String pods = namespaces.get(ObjectKind.POD.ordinal());
            for (Remedy remedy : Remedy.values()) {
                try (ShapeInformer informer = connection.startShapeInformer(pods, ObjectKind.POD, remedy,
                        Duration.ofSeconds(30))) {
                    assertThat(informer.size()).as(remedy.name()).isEqualTo(remedy.cached(OBJECTS));
                    ShapeInformer.Held held = informer.held(ObjectKind.POD.name(0));
                    // client-java 22+ drops managedFields as it reads any object (JSON's V1MetadataExclusionStrategy).
                    assertThat(held.managedFields()).as(remedy + ": managedFields cached").isZero();
                    assertThat(held.spec()).as(remedy + ": spec cached").isEqualTo(remedy != Remedy.METADATA_ONLY);
                    assertThat(informer.get(ObjectKind.POD.name(1))).as(remedy + ": shard 1")
                            .matches(o -> (o == null) == (remedy == Remedy.SELECTOR_TENTH));
                }
            }
        } finally {
            for (String ns : namespaces) {
                api.deleteNamespace(ns).execute();
            }
        }
    }

    private static List<String> managers(JsonObject object) {
        JsonArray fields = object.getAsJsonObject("metadata").getAsJsonArray("managedFields");
        List<String> managers = new ArrayList<>();
        fields.forEach(f -> managers.add(f.getAsJsonObject().get("manager").getAsString()));
        return managers;
    }
}
