package dev.informerbench.clientjava;

import dev.informerbench.client.Index;
import io.kubernetes.client.informer.cache.Caches;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/** The suite's {@link Index}es as client-java index functions over V1ConfigMap. */
final class ClientJavaIndexes {
    private ClientJavaIndexes() {}

    /** The name client-java knows {@code index} by. */
    static String name(Index index) {
        return index == Index.NAMESPACE ? Caches.NAMESPACE_INDEX : index.indexName();
    }

    /** The index functions of the custom indexes among {@code indexes} (built-in ones are there anyway). */
    static Map<String, Function<V1ConfigMap, List<String>>> custom(Set<Index> indexes) {
        Map<String, Function<V1ConfigMap, List<String>>> all = new HashMap<>();
        for (Index index : indexes) {
            Function<V1ConfigMap, List<String>> f = switch (index) {
                case NAMESPACE -> null;
                case APP -> cm -> List.of(Objects.requireNonNullElse(cm.getMetadata().getLabels(),
                        Map.<String, String>of()).getOrDefault("app", ""));
                case DATA_INDEX -> cm -> List.of(Objects.requireNonNullElse(cm.getData(), Map.<String, String>of())
                        .getOrDefault("index", ""));
                case NAME_PREFIX -> cm -> List.of(cm.getMetadata().getName().substring(0, Index.PREFIX_LENGTH));
            };
            if (f != null) {
                all.put(index.indexName(), f);
            }
        }
        return all;
    }
}
