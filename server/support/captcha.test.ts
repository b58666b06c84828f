// verifyCaptcha on siteverify answers given directly (issue 27, item 3): a success counts only for our hostname and
// the form's action; Cloudflare's refusals and failures map as before.
import { describe, expect, it } from 'vitest'
import { CAPTCHA_REFUSALS, type CaptchaCheck, verifyCaptcha } from './captcha.ts'

const request = { verifyUrl: 'http://siteverify.test/', secret: 's', token: 't', remoteIp: '203.0.113.7', expectedHostname: 'qrtee.example', expectedAction: 'support-contact' }
const answering = (body: unknown, status = 200): typeof fetch => async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

describe('verifyCaptcha', () => {
  it.each<[string, unknown, CaptchaCheck]>([
    ['our hostname and action', { success: true, hostname: 'qrtee.example', action: 'support-contact' }, { outcome: 'passed' }],
    ['our hostname in other case', { success: true, hostname: 'QRTee.Example', action: 'support-contact' }, { outcome: 'passed' }],
    ['no hostname', { success: true, action: 'support-contact' }, { outcome: 'refused', message: CAPTCHA_REFUSALS.otherSite }],
    ['a null hostname', { success: true, hostname: null, action: 'support-contact' }, { outcome: 'refused', message: CAPTCHA_REFUSALS.otherSite }],
    ['an empty hostname', { success: true, hostname: '', action: 'support-contact' }, { outcome: 'refused', message: CAPTCHA_REFUSALS.otherSite }],
    ['another hostname', { success: true, hostname: 'evil.example', action: 'support-contact' }, { outcome: 'refused', message: CAPTCHA_REFUSALS.otherSite }],
    ['another action', { success: true, hostname: 'qrtee.example', action: 'login' }, { outcome: 'refused', message: CAPTCHA_REFUSALS.otherForm }],
    ['no action', { success: true, hostname: 'qrtee.example' }, { outcome: 'refused', message: CAPTCHA_REFUSALS.otherForm }],
    ['an empty action', { success: true, hostname: 'qrtee.example', action: '' }, { outcome: 'refused', message: CAPTCHA_REFUSALS.otherForm }],
    ['a used token', { success: false, 'error-codes': ['timeout-or-duplicate'] }, { outcome: 'refused', message: CAPTCHA_REFUSALS.expiredOrUsed }],
    ['a wrong answer', { success: false, 'error-codes': ['invalid-input-response'] }, { outcome: 'refused', message: CAPTCHA_REFUSALS.invalid }],
    ['our secret refused', { success: false, 'error-codes': ['invalid-input-secret'] }, { outcome: 'unavailable', reason: 'siteverify: invalid-input-secret' }],
  ])('a success or failure with %s', async (_name, body, expected) => {
    expect(await verifyCaptcha(request, answering(body))).toEqual(expected)
  })

  it('a siteverify that fails to answer is unavailable, not a refusal', async () => {
    expect(await verifyCaptcha(request, answering({}, 500))).toEqual({ outcome: 'unavailable', reason: 'siteverify answered 500' })
  })
})
