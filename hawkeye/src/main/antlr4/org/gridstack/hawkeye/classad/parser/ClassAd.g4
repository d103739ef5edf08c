/*
 * The ClassAd expression language as HTCondor documents it (classad-mechanism.rst and the ClassAd
 * Language Reference Manual): literals, attribute references, lists, nested ads, function calls,
 * and the C-like operators with the ClassAd precedence (highest first): postfix selection and
 * subscript, unary, multiplicative, additive, shifts, relational, equality and identity,
 * bitwise and/xor/or, logical and, logical or, conditional. Keywords and names are case-insensitive;
 * string contents are not. Escapes inside strings are decoded by the tree builder, because old and
 * new ClassAds escape differently.
 */
grammar ClassAd;

options { caseInsensitive = true; }

/* one expression, e.g. a constraint */
expressionOnly : expr EOF ;

/* one new-form ad: [ a = 1; b = "x" ] */
recordOnly : record EOF ;

/* one line of an old-form ad: Attr = expr */
definitionOnly : attrName '=' expr EOF ;

expr
    : primary                                                    # primaryExpr
    | expr '.' attrName                                          # selectExpr
    | expr '[' expr ']'                                          # subscriptExpr
    | op=('-' | '+' | '!' | '~') expr                            # unaryExpr
    | expr op=('*' | '/' | '%') expr                             # binaryExpr
    | expr op=('+' | '-') expr                                   # binaryExpr
    | expr op=('<<' | '>>' | '>>>') expr                         # binaryExpr
    | expr op=('<' | '<=' | '>' | '>=') expr                     # binaryExpr
    | expr op=('==' | '!=' | '=?=' | '=!=' | IS | ISNT) expr     # binaryExpr
    | expr op='&' expr                                           # binaryExpr
    | expr op='^' expr                                           # binaryExpr
    | expr op='|' expr                                           # binaryExpr
    | expr op='&&' expr                                          # binaryExpr
    | expr op='||' expr                                          # binaryExpr
    | <assoc=right> expr '?' expr? ':' expr                      # conditionalExpr
    ;

primary
    : INTEGER                                                    # integerLiteral
    | REAL                                                       # realLiteral
    | STRING                                                     # stringLiteral
    | TRUE                                                       # trueLiteral
    | FALSE                                                      # falseLiteral
    | UNDEFINED                                                  # undefinedLiteral
    | ERROR                                                      # errorLiteral
    | '{' (expr (',' expr)* ','?)? '}'                           # listLiteral
    | record                                                     # recordLiteral
    | IDENTIFIER '(' (expr (',' expr)*)? ')'                     # functionCall
    | '.' attrName                                               # absoluteReference
    | attrName                                                   # attributeReference
    | '(' expr ')'                                               # parenthesized
    ;

record : '[' (definition (';' definition)* ';'?)? ']' ;

definition : attrName '=' expr ;

attrName : IDENTIFIER | QUOTED_NAME ;

IS        : 'is' ;
ISNT      : 'isnt' ;
TRUE      : 'true' ;
FALSE     : 'false' ;
UNDEFINED : 'undefined' ;
ERROR     : 'error' ;

REAL
    : DIGIT+ '.' DIGIT* EXPONENT?
    | '.' DIGIT+ EXPONENT?
    | DIGIT+ EXPONENT
    ;

INTEGER
    : '0x' HEXDIGIT+
    | DIGIT+
    ;

STRING      : '"' ( '\\' . | ~["\\\r\n] )* '"' ;
QUOTED_NAME : '\'' ( '\\' . | ~['\\\r\n] )+ '\'' ;
IDENTIFIER  : [a-z_] [a-z_0-9]* ;

LINE_COMMENT  : '//' ~[\r\n]* -> skip ;
BLOCK_COMMENT : '/*' .*? '*/' -> skip ;
WS            : [ \t\r\n\f]+ -> skip ;

/* any other character: reported by the parser as a syntax error at its position */
UNKNOWN_CHAR : . ;

fragment DIGIT    : [0-9] ;
fragment HEXDIGIT : [0-9a-f] ;
fragment EXPONENT : 'e' [+-]? DIGIT+ ;
