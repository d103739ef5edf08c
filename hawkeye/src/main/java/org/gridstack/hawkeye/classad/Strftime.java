package org.gridstack.hawkeye.classad;

import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoField;
import java.time.temporal.IsoFields;
import java.util.Locale;

/** The ANSI C strftime placeholders formatTime() must support, in the C locale. Stateless. */
final class Strftime {
    private Strftime() {
    }

    static String format(ZonedDateTime t, String format) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < format.length(); i++) {
            char c = format.charAt(i);
            if (c != '%' || i + 1 == format.length()) {
                sb.append(c);
                continue;
            }
            char f = format.charAt(++i);
            sb.append(switch (f) {
                case 'a' -> pattern(t, "EEE");
                case 'A' -> pattern(t, "EEEE");
                case 'b' -> pattern(t, "MMM");
                case 'B' -> pattern(t, "MMMM");
                case 'c' -> pattern(t, "EEE MMM d HH:mm:ss yyyy");
                case 'd' -> pattern(t, "dd");
                case 'H' -> pattern(t, "HH");
                case 'I' -> pattern(t, "hh");
                case 'j' -> String.format(Locale.ROOT, "%03d", t.getDayOfYear());
                case 'm' -> pattern(t, "MM");
                case 'M' -> pattern(t, "mm");
                case 'p' -> pattern(t, "a");
                case 'S' -> pattern(t, "ss");
                case 'U' -> String.format(Locale.ROOT, "%02d", (t.getDayOfYear() + 6 - t.get(ChronoField.DAY_OF_WEEK) % 7) / 7);
                case 'w' -> Integer.toString(t.get(ChronoField.DAY_OF_WEEK) % 7);
                case 'W' -> String.format(Locale.ROOT, "%02d", t.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR));
                case 'x' -> pattern(t, "MM/dd/yy");
                case 'X' -> pattern(t, "HH:mm:ss");
                case 'y' -> pattern(t, "yy");
                case 'Y' -> pattern(t, "yyyy");
                case 'Z' -> t.getZone().getId().equals("Z") ? "UTC" : t.getZone().getId();
                case '%' -> "%";
                default -> "%" + f;
            });
        }
        return sb.toString();
    }

    private static String pattern(ZonedDateTime t, String p) {
        return DateTimeFormatter.ofPattern(p, Locale.ROOT).format(t);
    }
}
