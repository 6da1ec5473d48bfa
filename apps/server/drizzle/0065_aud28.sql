CREATE TABLE "push_task_openids" (
	"task_id" integer NOT NULL,
	"openid" text NOT NULL,
	CONSTRAINT "push_task_openids_task_id_openid_pk" PRIMARY KEY("task_id","openid")
);
--> statement-breakpoint
ALTER TABLE "push_tasks" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "push_tasks" ADD COLUMN "file_id" text;--> statement-breakpoint
ALTER TABLE "push_tasks" ADD COLUMN "file_report" jsonb;--> statement-breakpoint
ALTER TABLE "push_tasks" ADD COLUMN "platforms" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "push_tasks" ADD COLUMN "app_version_min" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_tasks" ADD COLUMN "app_version_max" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_tasks" ADD COLUMN "app_versions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "push_tasks" ADD COLUMN "active_days" integer;--> statement-breakpoint
ALTER TABLE "app_releases" ADD COLUMN "changelog" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "push_task_openids" ADD CONSTRAINT "push_task_openids_task_id_push_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."push_tasks"("id") ON DELETE cascade ON UPDATE no action;