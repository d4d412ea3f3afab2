-- Lists read every page and count every total (docs/features/lists.md): the page marks, the kept totals and the
-- record of which transaction wrote which listed table go, with the 35 statement triggers that kept that record
-- (dropped with their function).
DROP FUNCTION "note_list_change"() CASCADE;--> statement-breakpoint
DROP TABLE "list_changes";--> statement-breakpoint
DROP TABLE "list_counts";--> statement-breakpoint
DROP TABLE "list_marks";--> statement-breakpoint
DROP TABLE "list_pruned";
