package dev.informerbench.clientjava;

import io.kubernetes.client.common.KubernetesListObject;
import io.kubernetes.client.common.KubernetesObject;
import io.kubernetes.client.openapi.models.V1ListMeta;
import io.kubernetes.client.openapi.models.V1ObjectMeta;
import java.util.List;

/**
 * An object of any kind read as its apiVersion, kind and metadata only: client-java has no
 * metadata informer (no PartialObjectMetadata model or Accept header in its informers), so this
 * is what a user writes for one: a type of three fields for {@code GenericKubernetesApi}, whose
 * Gson skips the rest of each object as it reads it. The server still sends the whole object.
 */
public final class PartialObject implements KubernetesObject {
    private String apiVersion;
    private String kind;
    private V1ObjectMeta metadata;

    @Override
    public String getApiVersion() {
        return apiVersion;
    }

    @Override
    public String getKind() {
        return kind;
    }

    @Override
    public V1ObjectMeta getMetadata() {
        return metadata;
    }

    /** The reflector sets apiVersion and kind on list items (their list's), as on client-java's own models. */
    public void setApiVersion(String apiVersion) {
        this.apiVersion = apiVersion;
    }

    public void setKind(String kind) {
        this.kind = kind;
    }

    /** A list of {@link PartialObject}s. */
    public static final class PartialList implements KubernetesListObject {
        private String apiVersion;
        private String kind;
        private V1ListMeta metadata;
        private List<PartialObject> items;

        @Override
        public String getApiVersion() {
            return apiVersion;
        }

        @Override
        public String getKind() {
            return kind;
        }

        @Override
        public V1ListMeta getMetadata() {
            return metadata;
        }

        @Override
        public List<PartialObject> getItems() {
            return items;
        }
    }
}
