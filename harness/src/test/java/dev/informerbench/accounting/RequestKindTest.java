package dev.informerbench.accounting;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Request shapes as client-java and informers really send them. */
class RequestKindTest {
    @ParameterizedTest(name = "{0} {1}?{2} is {3}")
    @CsvSource(delimiter = '|', nullValues = "null", value = {
        // the informer's initial LIST and its WATCH (client-java 27)
        "GET | /api/v1/namespaces/ns/configmaps | resourceVersion=0&watch=false | LIST",
        "GET | /api/v1/namespaces/ns/configmaps | resourceVersion=205&timeoutSeconds=341&watch=true | WATCH",
        // client-go's WatchList: one WATCH carrying the initial events
        "GET | /api/v1/namespaces/ns/configmaps | allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan"
                + "&sendInitialEvents=true&watch=true | WATCH",
        "GET | /api/v1/namespaces/ns/configmaps | watch=1 | WATCH",
        "GET | /api/v1/watch/namespaces/ns/configmaps | null | WATCH",
        "GET | /api/v1/namespaces/ns/configmaps | watch=false&limit=500 | LIST",
        "GET | /api/v1/configmaps | null | LIST",
        "GET | /api/v1/namespaces | null | LIST",
        "GET | /apis/apps/v1/namespaces/ns/deployments | labelSelector=app%3Dx | LIST",
        "GET | /apis/apps/v1/deployments | null | LIST",
        "GET | /api/v1/namespaces/ns/configmaps/cm-00001 | null | GET",
        "GET | /api/v1/namespaces/ns | null | GET",
        "GET | /apis/apps/v1/namespaces/ns/deployments/web/scale | null | GET",
        "GET | /api/v1/nodes/node-1 | null | GET",
        "POST | /api/v1/namespaces/ns/configmaps | null | WRITE",
        "PUT | /api/v1/namespaces/ns/configmaps/live | null | WRITE",
        "PATCH | /api/v1/namespaces/ns/configmaps/live | null | WRITE",
        "DELETE | /api/v1/namespaces/ns/configmaps/live | null | WRITE",
        "DELETE | /api/v1/namespaces/ns/configmaps | labelSelector=a | WRITE",
        "GET | /version | null | OTHER",
        "GET | /readyz | verbose | OTHER",
        "GET | /api | null | OTHER",
        "GET | /api/v1 | null | OTHER",
        "GET | /apis/apps/v1 | null | OTHER",
        "GET | /openapi/v3 | null | OTHER",
        "HEAD | /api/v1/namespaces/ns/configmaps | null | OTHER",
    })
    void classifies(String method, String path, String query, RequestKind expected) {
        assertThat(RequestKind.classify(method.strip(), path.strip(), query == null ? null : query.strip()))
                .isEqualTo(expected);
    }
}
