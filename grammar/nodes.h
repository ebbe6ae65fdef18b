/* grammar/nodes.h - every tree-sitter-python name the front end reads (compiler/front/
 * parse.c and lower.c): node types and field names, in one X-macro table. This file and
 * grammar/PIN are what ties pvc to the grammar: a name the front end matches that is not
 * here does not compile (PVC_N_* / PVC_F_*), and a row the pinned grammar lacks stops the
 * first parse with an internal error naming it.
 *
 *   NODE(ID, "name")    a named node type            -> PVC_N_ID
 *   TOKEN(ID, "text")   an anonymous node (keyword)  -> PVC_N_ID
 *   FIELD(ID, "name")   a field name                 -> PVC_F_ID
 *
 * pvc_parse resolves each row once per parse (ts_language_symbol_for_name,
 * ts_language_field_id_for_name) into the pvc_cst; the front end then compares
 * ts_node_symbol with PVC_N_* and reads children by field id (front.h pvc_node_is,
 * pvc_field), never by string. The names are tree-sitter-python's node-types.json
 * (grammar/vendor/<package>-<version>/src/node-types.json); the groups follow the front
 * end's order of reading, and the file the row is read in is in each group's comment.
 */
#ifndef PVC_GRAMMAR_NODES_H
#define PVC_GRAMMAR_NODES_H

#define PVC_GRAMMAR(NODE, TOKEN, FIELD)                                                       \
    /* syntax errors (parse.c): tree-sitter's built-in error node */                         \
    NODE(ERROR, "ERROR")                                                                      \
    /* DSL functions at the top level: @decorator def (parse.c pvc_dsl_function, lower.c     \
     * pvc_lower); async def/for/with start with the `async` keyword token (lower.c) */      \
    NODE(DECORATED_DEFINITION, "decorated_definition")                                        \
    NODE(DECORATOR, "decorator")                                                              \
    NODE(FUNCTION_DEFINITION, "function_definition")                                          \
    TOKEN(ASYNC, "async")                                                                     \
    FIELD(DEFINITION, "definition")                                                           \
    FIELD(NAME, "name")                                                                       \
    FIELD(PARAMETERS, "parameters")                                                           \
    FIELD(RETURN_TYPE, "return_type")                                                         \
    FIELD(TYPE_PARAMETERS, "type_parameters")                                                 \
    FIELD(BODY, "body")                                                                       \
    /* parameters and their annotations, pl.Tensor[[dims], pl.DT_X] / int (lower.c          \
     * lower_params, lower_annotation) */                                                     \
    NODE(TYPED_PARAMETER, "typed_parameter")                                                  \
    NODE(TYPE, "type")                                                                        \
    FIELD(TYPE, "type")                                                                       \
    /* statements: blocks, for NAME in pl.range(...), with pl.section_vector() (lower.c      \
     * lower_block, lower_stmt, lower_for, lower_with) */                                     \
    NODE(BLOCK, "block")                                                                      \
    NODE(EXPRESSION_STATEMENT, "expression_statement")                                        \
    NODE(PASS_STATEMENT, "pass_statement")                                                    \
    NODE(FOR_STATEMENT, "for_statement")                                                      \
    NODE(WITH_STATEMENT, "with_statement")                                                    \
    NODE(WITH_CLAUSE, "with_clause")                                                          \
    NODE(WITH_ITEM, "with_item")                                                              \
    FIELD(ALTERNATIVE, "alternative")                                                         \
    /* assignments and their targets, x = ... and a, b = ... (lower.c lower_assignment) */   \
    NODE(ASSIGNMENT, "assignment")                                                            \
    NODE(AUGMENTED_ASSIGNMENT, "augmented_assignment")                                        \
    NODE(PATTERN_LIST, "pattern_list")                                                        \
    NODE(TUPLE_PATTERN, "tuple_pattern")                                                      \
    FIELD(LEFT, "left")                                                                       \
    FIELD(RIGHT, "right")                                                                     \
    /* calls, their arguments and decorators' calls (parse.c decorator_kind, lower.c         \
     * lower_call, lower_args) */                                                             \
    NODE(CALL, "call")                                                                        \
    NODE(ARGUMENT_LIST, "argument_list")                                                      \
    NODE(KEYWORD_ARGUMENT, "keyword_argument")                                                \
    NODE(LIST_SPLAT, "list_splat")                                                            \
    NODE(DICTIONARY_SPLAT, "dictionary_splat")                                                \
    NODE(PARENTHESIZED_LIST_SPLAT, "parenthesized_list_splat")                                \
    FIELD(FUNCTION, "function")                                                               \
    FIELD(ARGUMENTS, "arguments")                                                             \
    FIELD(VALUE, "value")                                                                     \
    /* names and attribute chains, pl.LoadDist.US, grp.next (lower.c dotted_name) */         \
    NODE(IDENTIFIER, "identifier")                                                            \
    NODE(ATTRIBUTE, "attribute")                                                              \
    FIELD(OBJECT, "object")                                                                   \
    FIELD(ATTRIBUTE, "attribute")                                                             \
    /* expressions: ( ), lists, grp[i], + - * // %, unary - (lower.c lower_expr_at) */       \
    NODE(PARENTHESIZED_EXPRESSION, "parenthesized_expression")                                \
    NODE(LIST, "list")                                                                        \
    NODE(SUBSCRIPT, "subscript")                                                              \
    NODE(BINARY_OPERATOR, "binary_operator")                                                  \
    NODE(UNARY_OPERATOR, "unary_operator")                                                    \
    FIELD(SUBSCRIPT, "subscript")                                                             \
    FIELD(OPERATOR, "operator")                                                               \
    FIELD(ARGUMENT, "argument")                                                               \
    /* literals; strings only to reject them (lower.c lower_expr_at) */                      \
    NODE(INTEGER, "integer")                                                                  \
    NODE(FLOAT, "float")                                                                      \
    NODE(TRUE, "true")                                                                        \
    NODE(FALSE, "false")                                                                      \
    NODE(NONE, "none")                                                                        \
    NODE(STRING, "string")                                                                    \
    NODE(CONCATENATED_STRING, "concatenated_string")                                          \
    /* the parts of a string literal, read by the constant evaluator (front/cst.c) */        \
    NODE(STRING_START, "string_start")                                                        \
    NODE(STRING_CONTENT, "string_content")                                                    \
    NODE(ESCAPE_SEQUENCE, "escape_sequence")                                                  \
    NODE(INTERPOLATION, "interpolation")                                                      \
    /* more expressions: tuples, a if c else b, and/or/not, comparisons, slices              \
     * (front/pyval.c, front/lower_expr.c) */                                                 \
    NODE(TUPLE, "tuple")                                                                      \
    NODE(EXPRESSION_LIST, "expression_list")                                                  \
    NODE(CONDITIONAL_EXPRESSION, "conditional_expression")                                    \
    NODE(BOOLEAN_OPERATOR, "boolean_operator")                                                \
    NODE(NOT_OPERATOR, "not_operator")                                                        \
    NODE(COMPARISON_OPERATOR, "comparison_operator")                                          \
    NODE(SLICE, "slice")                                                                      \
    FIELD(OPERATORS, "operators")                                                             \
    /* control flow and the other statements (front/lower_stmt.c) */                         \
    NODE(IF_STATEMENT, "if_statement")                                                        \
    NODE(ELIF_CLAUSE, "elif_clause")                                                          \
    NODE(ELSE_CLAUSE, "else_clause")                                                          \
    NODE(WHILE_STATEMENT, "while_statement")                                                  \
    NODE(BREAK_STATEMENT, "break_statement")                                                  \
    NODE(CONTINUE_STATEMENT, "continue_statement")                                            \
    NODE(RETURN_STATEMENT, "return_statement")                                                \
    NODE(ASSERT_STATEMENT, "assert_statement")                                                \
    FIELD(CONDITION, "condition")                                                             \
    FIELD(CONSEQUENCE, "consequence")                                                         \
    /* what a module binds: imports, helper functions, classes, parameters with defaults     \
     * (front/scope.c) */                                                                     \
    NODE(MODULE, "module")                                                                    \
    NODE(IMPORT_STATEMENT, "import_statement")                                                \
    NODE(IMPORT_FROM_STATEMENT, "import_from_statement")                                      \
    NODE(FUTURE_IMPORT_STATEMENT, "future_import_statement")                                  \
    NODE(ALIASED_IMPORT, "aliased_import")                                                    \
    NODE(DOTTED_NAME, "dotted_name")                                                          \
    NODE(WILDCARD_IMPORT, "wildcard_import")                                                  \
    NODE(CLASS_DEFINITION, "class_definition")                                                \
    NODE(GENERIC_TYPE, "generic_type")     /* int[4], a tiling field's annotation */          \
    NODE(TYPE_PARAMETER, "type_parameter")                                                    \
    NODE(DEFAULT_PARAMETER, "default_parameter")                                              \
    NODE(TYPED_DEFAULT_PARAMETER, "typed_default_parameter")                                  \
    NODE(TRY_STATEMENT, "try_statement")                                                      \
    /* bindings pvc does not follow at module level (front/scope.c bind_unfollowed) */         \
    NODE(NAMED_EXPRESSION, "named_expression")                                                \
    NODE(AS_PATTERN_TARGET, "as_pattern_target")                                              \
    NODE(DELETE_STATEMENT, "delete_statement")                                                \
    NODE(LAMBDA, "lambda")                                                                    \
    NODE(MATCH_STATEMENT, "match_statement")                                                  \
    NODE(CASE_CLAUSE, "case_clause")                                                          \
    NODE(CASE_PATTERN, "case_pattern")                                                        \
    NODE(SPLAT_PATTERN, "splat_pattern")                                                      \
    FIELD(MODULE_NAME, "module_name")                                                         \
    FIELD(ALIAS, "alias")

#define PVC_GRAMMAR_NODE_(id, name) PVC_N_##id,
#define PVC_GRAMMAR_FIELD_(id, name) PVC_F_##id,
#define PVC_GRAMMAR_NONE_(id, name)

/* Node types: the rows of NODE and TOKEN, in table order. */
typedef enum {
    PVC_GRAMMAR(PVC_GRAMMAR_NODE_, PVC_GRAMMAR_NODE_, PVC_GRAMMAR_NONE_)
    PVC_N_COUNT
} pvc_node_id;

/* Field names: the rows of FIELD, in table order. */
typedef enum {
    PVC_GRAMMAR(PVC_GRAMMAR_NONE_, PVC_GRAMMAR_NONE_, PVC_GRAMMAR_FIELD_)
    PVC_F_COUNT
} pvc_field_id;

#endif /* PVC_GRAMMAR_NODES_H */
