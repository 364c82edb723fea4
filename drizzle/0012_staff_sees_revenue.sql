-- Whether the truck's staff see revenue and sales figures on /home: the owner's switch in the Team
-- section (PATCH /trucks/:truckId/team/settings), off until the owner turns it on. On the trucks row,
-- so its read-cache trigger (migration 0001) drops every process's copy of the truck and its /home.
ALTER TABLE "trucks" ADD COLUMN "staff_sees_revenue" boolean DEFAULT false NOT NULL;