package dev.partitionscope.core.scatter;

import dev.partitionscope.core.item.AttrValue;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A FilterExpression as a person types it, made into what a Query needs: every {@code #name} placeholder names the
 * attribute of the same name (so {@code #status = :s} needs no separate names table), and values come as
 * {@code :min=N:40; :s=PENDING; :ok=true} — an explicit type ({@code S}, {@code N}, {@code BOOL}) or inferred (a
 * number, true/false, else a string; quote to force a string: {@code :v="42"}). Every problem is reported in terms
 * of what was typed, before a request is made.
 */
public record FilterInput(String expression, Map<String, String> names, Map<String, AttrValue> values) {
    private static final Pattern NAME = Pattern.compile("#([A-Za-z0-9_]+)");
    private static final Pattern VALUE = Pattern.compile(":([A-Za-z0-9_]+)");
    private static final Pattern RESERVED = Pattern.compile("#(pk|sk|p\\d+|b\\d+)|:(pk|sk\\d*)");

    public static final FilterInput NONE = new FilterInput(null, Map.of(), Map.of());

    public FilterInput {
        names = Map.copyOf(names);
        values = Map.copyOf(values);
    }

    /**
     * Reads a filter as typed in the form.
     *
     * @param expression a FilterExpression, blank for none
     * @param valuesText its values, separated by {@code ;} or new lines
     * @throws IllegalArgumentException saying what is wrong and how to write it
     */
    public static FilterInput parse(String expression, String valuesText) {
        String e = expression == null ? "" : expression.strip();
        String v = valuesText == null ? "" : valuesText.strip();
        if (e.isEmpty()) {
            if (!v.isEmpty()) {
                throw new IllegalArgumentException("Filter values are given but no filter expression: write one,"
                        + " e.g. #total > :min, or clear the values");
            }
            return NONE;
        }
        Map<String, String> names = new LinkedHashMap<>();
        Matcher m = NAME.matcher(e);
        while (m.find()) {
            reserved(m.group());
            names.put(m.group(), m.group(1));
        }
        Map<String, AttrValue> values = new LinkedHashMap<>();
        for (String part : v.split("[;\\n]", -1)) {
            if (!part.isBlank()) {
                Map.Entry<String, AttrValue> kv = value(part.strip());
                reserved(kv.getKey());
                values.put(kv.getKey(), kv.getValue());
            }
        }
        Set<String> used = new LinkedHashSet<>();
        Matcher u = VALUE.matcher(e.replaceAll("\"[^\"]*\"", ""));
        while (u.find()) {
            used.add(u.group());
        }
        for (String name : used) {
            if (!values.containsKey(name)) {
                throw new IllegalArgumentException("The filter uses " + name + " but no value is given for it: add "
                        + name + "=… to the filter values (e.g. " + name + "=N:40)");
            }
        }
        for (String name : values.keySet()) {
            if (!used.contains(name)) {
                throw new IllegalArgumentException("The filter value " + name + " is not used in the expression:"
                        + " use it or remove it (DynamoDB rejects unused values)");
            }
        }
        return new FilterInput(e, names, values);
    }

    private static void reserved(String token) {
        if (RESERVED.matcher(token).matches()) {
            throw new IllegalArgumentException(token + " is reserved for the key condition and projection; rename"
                    + " it, e.g. " + token.charAt(0) + "f_" + token.substring(1));
        }
    }

    /**
     * One value: {@code :NAME=TYPE:VALUE} with TYPE S, N or BOOL, or {@code :NAME=VALUE} with the type inferred.
     *
     * @throws IllegalArgumentException naming the spec and the fix
     */
    public static Map.Entry<String, AttrValue> value(String spec) {
        int eq = spec.indexOf('=');
        if (!spec.startsWith(":") || eq <= 1) {
            throw new IllegalArgumentException("'" + spec + "': give :NAME=TYPE:VALUE, e.g. :min=N:40");
        }
        String name = spec.substring(0, eq).strip();
        String rest = spec.substring(eq + 1).strip();
        int colon = rest.indexOf(':');
        String type = colon > 0 ? rest.substring(0, colon).toUpperCase(Locale.ROOT) : "";
        if (!type.equals("S") && !type.equals("N") && !type.equals("BOOL")) {
            return Map.entry(name, infer(rest));
        }
        String text = rest.substring(colon + 1);
        AttrValue v =
                switch (type) {
                    case "S" -> AttrValue.s(text);
                    case "N" -> {
                        try {
                            yield AttrValue.N.parse(text.strip());
                        } catch (NumberFormatException e) {
                            throw new IllegalArgumentException("'" + spec + "': " + text + " is not a number");
                        }
                    }
                    default -> {
                        if (!text.strip().equalsIgnoreCase("true")
                                && !text.strip().equalsIgnoreCase("false")) {
                            throw new IllegalArgumentException("'" + spec + "': BOOL is true or false");
                        }
                        yield Boolean.parseBoolean(text.strip()) ? AttrValue.Bool.TRUE : AttrValue.Bool.FALSE;
                    }
                };
        return Map.entry(name, v);
    }

    private static AttrValue infer(String text) {
        if (text.length() >= 2 && text.startsWith("\"") && text.endsWith("\"")) {
            return AttrValue.s(text.substring(1, text.length() - 1));
        }
        if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(text) ? AttrValue.Bool.TRUE : AttrValue.Bool.FALSE;
        }
        if (text.matches("-?\\d+(\\.\\d+)?([eE][-+]?\\d+)?")) {
            return AttrValue.N.parse(text);
        }
        return AttrValue.s(text);
    }

    public boolean isEmpty() {
        return expression == null;
    }
}
