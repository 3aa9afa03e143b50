-- wrk script: the 12 read endpoints of one entity in turn, with the organisation's keys.
--   ENTITY=<entity_id> KEY=<api key> HASH=<server hash> \
--     wrk -t2 -c8 -d10s --latency -s examples/server/examples/wrk-reads.lua https://localhost:8443
local paths = {
  "accounts", "identity", "transactions", "salary", "recurring_transactions", "lender_transactions",
  "get_expense_categories", "top_credits_debits", "monthly_analysis_updated", "xlsx_report",
  "predictors", "score",
}
local entity = os.getenv("ENTITY") or error("set ENTITY")
wrk.headers["x-api-key"] = os.getenv("KEY") or error("set KEY")
wrk.headers["server-hash"] = os.getenv("HASH") or error("set HASH")
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", "/v1/entity/" .. entity .. "/" .. paths[(i % #paths) + 1] .. "/")
end
