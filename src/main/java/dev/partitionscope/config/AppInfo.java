package dev.partitionscope.config;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/** Name, version and the licences of bundled dependencies, from resources written at build time. */
public final class AppInfo {
    public static final String NAME = "PartitionScope";

    /** One bundled dependency and its licence, as shown in the About dialog. */
    public record Dependency(String name, String version, String licence, String url) {}

    private AppInfo() {}

    public static String version() {
        Properties p = new Properties();
        try (InputStream in = AppInfo.class.getResourceAsStream("/dev/partitionscope/app/build.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            return "unknown";
        }
        String v = p.getProperty("version", "unknown");
        return v.startsWith("${") ? "development build" : v;
    }

    /** Bundled dependencies with their licences (resource {@code licenses.tsv}: name, version, licence, url). */
    public static List<Dependency> dependencies() {
        List<Dependency> list = new ArrayList<>();
        try (InputStream in = AppInfo.class.getResourceAsStream("/dev/partitionscope/app/licenses.tsv")) {
            if (in == null) {
                return list;
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t", -1);
                if (f.length >= 4) {
                    list.add(new Dependency(f[0], f[1], f[2], f[3]));
                }
            }
        } catch (IOException e) {
            return list;
        }
        return list;
    }
}
