package org.gridstack.rgma.web;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Map;

import org.gridstack.rgma.schema.SchemaService;
import org.gridstack.rgma.sql.ColumnDefinition;
import org.gridstack.rgma.sql.TableDefinition;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** The schema service over HTTP: declare a table ({@code CREATE TABLE} as the body), list and show tables. */
@RestController
class SchemaController {
    private final SchemaService schema;

    SchemaController(SchemaService schema) {
        this.schema = requireNonNull(schema, "schema is null");
    }

    /** A table as JSON: name, columns (name, type), primary key, CREATE TABLE text. */
    record TableView(String name, List<Map<String, String>> columns, List<String> primaryKey, String createTable) {
        static TableView of(TableDefinition t) {
            return new TableView(t.name(), t.columns().stream().map((ColumnDefinition c) -> Map.of("name", c.name(), "type",
                    c.typeText())).toList(), t.primaryKey(), t.createSql());
        }
    }

    @PostMapping("/rgma/schema/tables")
    ResponseEntity<TableView> create(@RequestBody String createTable) {
        SchemaService.Declared d = schema.createTable(createTable);
        return ResponseEntity.status(d.created() ? 201 : 200).body(TableView.of(d.table()));
    }

    @GetMapping("/rgma/schema/tables")
    List<TableView> tables() {
        return schema.tables().stream().map(TableView::of).toList();
    }

    @GetMapping("/rgma/schema/tables/{name}")
    TableView table(@PathVariable String name) {
        return TableView.of(schema.table(name.toLowerCase()));
    }
}
