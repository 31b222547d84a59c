# frozen_string_literal: true

# report_player, get_standing and a sanction webhook against a running portal, for the portal's test suite
# (apps/server/src/modules/sdk/sdk-standing.test.ts sets the variables); prints what came back as JSON.
# PORTAL_URL KEY REPORTER REPORTED SANCTIONED UNKNOWN ELSEWHERE WEBHOOK_SECRET WEBHOOK_HEADER WEBHOOK_BODY ruby test/live_standing.rb
require 'json'
require_relative '../lib/caliber_portal'

env = ENV
server = CaliberPortal::GameServer.new(env.fetch('PORTAL_URL'), env.fetch('KEY'))
context = { match: 'm-42', round: 3, ranked: true, chat: ['gg', 'Grüße, wall hack?'] }

out = {
  report: server.report_player(env.fetch('REPORTED'), 'cheating', reporter: env.fetch('REPORTER'),
                                                                  message: 'Aimbot in round 3.', context: context),
  anonymous: server.report_player(env.fetch('REPORTED'), 'verbal_abuse'),
  clean: server.get_standing(env.fetch('REPORTED')),
  sanctioned: server.get_standing(env.fetch('SANCTIONED'))
}
event = CaliberPortal.verify_webhook(env.fetch('WEBHOOK_HEADER'), env.fetch('WEBHOOK_BODY'), env.fetch('WEBHOOK_SECRET'))
out[:webhook] = { type: event['type'], sanction: event['data']['sanction'] }

calls = {
  unknown_standing: -> { server.get_standing(env.fetch('UNKNOWN')) },
  unknown_reported: -> { server.report_player(env.fetch('UNKNOWN'), 'cheating') },
  unknown_reporter: -> { server.report_player(env.fetch('REPORTED'), 'cheating', reporter: env.fetch('UNKNOWN')) },
  elsewhere_reported: -> { server.report_player(env.fetch('ELSEWHERE'), 'cheating') },
  elsewhere_reporter: -> { server.report_player(env.fetch('REPORTED'), 'cheating', reporter: env.fetch('ELSEWHERE')) },
  bad_category: -> { server.report_player(env.fetch('REPORTED'), 'griefing') },
  big_context: -> { server.report_player(env.fetch('REPORTED'), 'spamming', context: { chat: 'x' * 5000 }) },
  bad_key: -> { CaliberPortal::GameServer.new(env.fetch('PORTAL_URL'), 'gsk_yggdra_not-a-key').get_standing(env.fetch('REPORTED')) }
}
out[:errors] = calls.transform_values do |call|
  call.call
  nil
rescue CaliberPortal::PortalError => e
  [e.status, e.message]
end
puts JSON.generate(out)
