package org.gridstack.hawkeye.classad;

import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The ClassAd operators, with the token that writes them and their precedence (higher binds tighter). */
public enum Operator {
    NEGATE("-", 11), PLUS("+", 11), NOT("!", 11), BIT_NOT("~", 11),
    MULTIPLY("*", 10), DIVIDE("/", 10), MODULUS("%", 10),
    ADD("+", 9), SUBTRACT("-", 9),
    LEFT_SHIFT("<<", 8), RIGHT_SHIFT(">>", 8), URIGHT_SHIFT(">>>", 8),
    LESS("<", 7), LESS_OR_EQUAL("<=", 7), GREATER(">", 7), GREATER_OR_EQUAL(">=", 7),
    EQUAL("==", 6), NOT_EQUAL("!=", 6), IS("=?=", 6), ISNT("=!=", 6),
    BIT_AND("&", 5), BIT_XOR("^", 4), BIT_OR("|", 3),
    AND("&&", 2), OR("||", 1);

    private static final Map<String, Operator> BINARY = Stream.of(values())
            .filter(o -> o.precedence < 11)
            .collect(Collectors.toUnmodifiableMap(o -> o.token, Function.identity()));

    private final String token;
    private final int precedence;

    Operator(String token, int precedence) {
        this.token = token;
        this.precedence = precedence;
    }

    public String token() {
        return token;
    }

    public int precedence() {
        return precedence;
    }

    /** The binary operator written {@code token} ({@code is}/{@code isnt} included), or null. */
    static Operator binary(String token) {
        String t = token.toLowerCase(Locale.ROOT);
        if (t.equals("is")) {
            return IS;
        }
        if (t.equals("isnt")) {
            return ISNT;
        }
        return BINARY.get(t);
    }

    /** The prefix operator written {@code token}, or null. */
    static Operator unary(String token) {
        return switch (token) {
            case "-" -> NEGATE;
            case "+" -> PLUS;
            case "!" -> NOT;
            case "~" -> BIT_NOT;
            default -> null;
        };
    }
}
