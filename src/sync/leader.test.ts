import { describe, expect, it } from 'vitest'
import { runWhileLeader } from './leader.ts'
import { createMemoryLocks } from '../api/locks.ts'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('leader election (one tab runs the engine)', () => {
  it('exactly one of two tabs leads; when it closes the other takes over', async () => {
    const locks = createMemoryLocks()
    const led: string[] = []
    const stoppedTabs: string[] = []
    const tab = (name: string) =>
      runWhileLeader(locks, (stopped) => {
        led.push(name)
        stopped.addEventListener('abort', () => stoppedTabs.push(name))
      })
    const first = tab('first')
    const second = tab('second')
    await settle()
    expect(led).toEqual(['first'])
    expect([first.isLeader(), second.isLeader()]).toEqual([true, false])

    first.stop()
    await settle()
    expect(stoppedTabs).toEqual(['first'])
    expect(led).toEqual(['first', 'second'])
    expect(second.isLeader()).toBe(true)
  })

  it('a tab that closes while waiting never leads', async () => {
    const locks = createMemoryLocks()
    const led: string[] = []
    const first = runWhileLeader(locks, () => void led.push('first'))
    const waiting = runWhileLeader(locks, () => void led.push('waiting'))
    const third = runWhileLeader(locks, () => void led.push('third'))
    await settle()
    waiting.stop()
    first.stop()
    await settle()
    expect(led).toEqual(['first', 'third'])
    expect(third.isLeader()).toBe(true)
  })
})
