package dev.informerbench.sizing;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What a controller does to its cache's memory (CacheMemory's {@code remedy} param): nothing, drop
 * managedFields, cache metadata only, or select a tenth of the objects by label. On the command
 * line as {@code full}, {@code no-managed-fields}, {@code metadata-only}, {@code selector-tenth}.
 */
public enum SizedRemedy {
    FULL,
    NO_MANAGED_FIELDS,
    METADATA_ONLY,
    SELECTOR_TENTH;

    /** As {@code size --remedy} takes it: {@code no-managed-fields}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** A {@code --remedy} value; an unknown one is bad input naming those accepted. */
    public static SizedRemedy parse(String id) {
        for (SizedRemedy r : values()) {
            if (r.id().equals(id.strip().toLowerCase(Locale.ROOT)) || r.name().equals(id.strip())) {
                return r;
            }
        }
        throw new IllegalArgumentException("--remedy '" + id + "' is not a remedy; accepted: "
                + Arrays.stream(values()).map(SizedRemedy::id).collect(Collectors.joining(", ")));
    }

    /** The remedy of a {@code remedy} param value ({@code METADATA_ONLY}); empty for another value. */
    public static Optional<SizedRemedy> param(String value) {
        try {
            return Optional.of(valueOf(value.strip().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
