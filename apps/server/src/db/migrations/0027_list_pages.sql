-- How far list_changes has been pruned (resources/marks.ts pruneListCaches), for the pages kept in memory.
CREATE TABLE "list_pruned" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"xid" bigint NOT NULL
);
--> statement-breakpoint
-- The tables list pages read beside their records (badges, positions, modules, a gallery's images, roles): their writes are noted
-- like the records' (0016), so a page kept in memory (resources/kept-pages.ts) is retired by them too.
CREATE TRIGGER "article_categories_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "article_categories" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "gallery_categories_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "gallery_categories" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "gallery_images_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "gallery_images" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "modules_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "modules" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "module_langs_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "module_langs" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "navigation_nodes_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "navigation_nodes" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "page_panels_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "page_panels" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "text_positions_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "text_positions" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();--> statement-breakpoint
CREATE TRIGGER "text_position_links_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "text_position_links" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();
--> statement-breakpoint
CREATE TRIGGER "roles_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();
--> statement-breakpoint
CREATE TRIGGER "role_langs_list_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_langs" FOR EACH STATEMENT EXECUTE FUNCTION "note_list_change"();
