ALTER TABLE "bank_balances" ADD COLUMN "proven" boolean;--> statement-breakpoint
ALTER TABLE "bank_balances" ADD COLUMN "proof_difference_ore" bigint;--> statement-breakpoint
ALTER TABLE "bank_imports" ADD COLUMN "balance_proven" boolean;--> statement-breakpoint
ALTER TABLE "bank_imports" ADD COLUMN "balance_difference_ore" bigint;