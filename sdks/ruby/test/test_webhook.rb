# frozen_string_literal: true

# verify_webhook against the shared test vector (sdks/webhook-vector.json): ruby test/test_webhook.rb
require 'json'
require 'minitest/autorun'
require_relative '../lib/caliber_portal'

class VerifyWebhookTest < Minitest::Test
  V = JSON.parse(File.read(File.join(__dir__, '..', '..', 'webhook-vector.json'), encoding: 'UTF-8'))
  T = V['timestamp']

  def verify(header, body = V['body'], secret = V['secret'], tolerance = 300, now: T)
    CaliberPortal.verify_webhook(header, body, secret, tolerance, now: now)
  end

  def assert_refused(reason, &block)
    error = assert_raises(CaliberPortal::WebhookError, &block)
    assert_includes error.message, reason
  end

  def test_accepts_the_vector_and_returns_the_event
    event = verify(V['header'])
    assert_equal 'entitlement.granted', event['type']
    assert_equal '1 200 Gems — Drachenschatz', event['data']['entitlement']['name']
    assert_equal event['id'], verify(V['header'], V['body'].b)['id']
  end

  def test_accepts_any_matching_v1_during_a_rotation
    id = JSON.parse(V['body'])['id']
    assert_equal id, verify(V['rotation_header'])['id']
    assert_equal id, verify(V['rotation_header'], V['body'], V['previous_secret'])['id']
  end

  def test_tolerance_is_inclusive_and_both_ways
    verify(V['header'], now: T + 300)
    verify(V['header'], now: T - 300)
    assert_refused('tolerance') { verify(V['header'], now: T + 301) }
    assert_refused('tolerance') { verify(V['header'], now: T - 301) }
    verify(V['header'], V['body'], V['secret'], 10, now: T + 10)
    assert_refused('tolerance') { verify(V['header'], V['body'], V['secret'], 10, now: T + 11) }
  end

  def test_rejects_another_body_or_secret
    assert_refused('matches') { verify(V['header'], V['body'].sub('"quantity":2', '"quantity":20')) }
    assert_refused('matches') { verify(V['header'], V['body'], V['previous_secret']) }
    assert_refused('matches') { verify(V['header'].sub("t=#{T}", "t=#{T + 1}")) }
  end

  def test_rejects_a_missing_or_malformed_header
    sig = V['signature']
    [nil, '', "v1=#{sig}", "t=#{T}", "t=abc,v1=#{sig}", "t=#{T},v1=#{sig[2..]}", "t=#{T},v0=#{sig}"].each do |header|
      assert_refused('header') { verify(header) }
    end
  end
end
